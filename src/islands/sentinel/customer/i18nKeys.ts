// The translation key prefixes the customer detail needs: the Sentinel page hands them to its
// island (localsI18n(...).forIsland([...CUSTOMER_DETAIL_I18N, ...])) so the drawer has its words.
export const CUSTOMER_DETAIL_I18N = ['customer', 'common', 'sentinel.values'] as const;

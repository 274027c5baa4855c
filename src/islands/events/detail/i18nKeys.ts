// The translation key prefixes the event detail needs; the list page's drawer and the event page
// both build the island's translations with localsI18n(...).forIsland(EVENT_DETAIL_I18N).
export const EVENT_DETAIL_I18N = ['event', 'common', 'placeholder.comingSoon', 'toasts'] as const;

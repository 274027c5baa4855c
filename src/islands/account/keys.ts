// The translation keys the public account screens hand to their islands (one list, so every
// screen has the shared texts: errors, password rules, splash).
export const ACCOUNT_KEYS = ['shell.product', 'auth', 'password', 'login.splash', 'login.continue', 'common.errors', 'common.serverErrors', 'partnerChooser'] as const;

// Business constants of spec 1 §9 shared by browser and server.
export const PERMISSIONS = ['simulation', 'lookout', 'wave', 'backhaul', 'sales', 'settings', 'dashboard', 'sentinel'] as const;
export type PermissionName = (typeof PERMISSIONS)[number];

// spec 1 §6 feature flags, with their build defaults.
export const FEATURE_DEFAULTS = {
  'features.console.toggle': false,
  'event.simulation': true,
  'campaign.composer.edit': false,
  notifications: false,
  'package-builder': false,
  // spec 3 §2/§6 demo mode (docs/PACKAGE-BUILDER.md "Demo mode"): a partner row marks a demo/trial
  // partner, a user row one trial account. The package builder then shows one fixed sample package
  // (DEMO_PACKAGE_ID) instead of the partner's packages, builds nothing and exports nothing.
  'package-builder.demo': false,
  // spec 1 §2.9 / spec 3 "Events page actions": the simple user type sees neither the source
  // filter nor the sales import/export. Off unless a partner or user flag turns it on.
  'simple-user': false,
  // spec 3 "Routes": /add-multi-events and its upload call exist only where this is set.
  'events.bulk-upload': false,
} as const;
export type FeatureName = keyof typeof FEATURE_DEFAULTS;

export const DEFAULT_ACCESS_LEVEL = 'webapp-access-group-1';
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const BADGE_CAP = 99;
export const TOAST_HIDE_MS = 60_000;
export const TOAST_TRANSITION_MS = 500;
export const SPLASH_REDIRECT_MS = 1500;
export const LOGIN_READY_DELAY_MS = 750;
export const NOTIFICATION_POLL_MS = 10_000;
export const TOKEN_REFRESH_THRESHOLD_MS = 5 * 60 * 1000;
export const DROPDOWN_FLIP_SPACE_PX = 120;
export const BREAKPOINT_NARROW = 991;
/** spec 1 §9: an event row opens the drawer above this width and navigates at or below it. */
export const BREAKPOINT_ROW_NAVIGATION = 975;

// spec 1 §9 events page: page size, infinite-scroll distance and throttle.
export const EVENTS_PAGE_SIZE = 30;
export const EVENTS_SCROLL_THRESHOLD_PX = 300;
export const EVENTS_SCROLL_THROTTLE_MS = 1000;

// spec 1 §3 identity groups
export const DISABLED_GROUP = 'account-disabled';
export const EXTERNAL_GROUP = 'external-user';

// Header names of spec 1 §7
export const PARTNER_HEADER = 'X-Preferred-Partner-Id';
/** spec 1 §7: the anonymous shared-link session and the partner token (src/server/api/connect-identity.ts). */
export const AUTH_CODE_HEADER = 'X-Auth-Code';
export const PARTNER_TOKEN_HEADER = 'X-Partner-Token';
/** The development mailbox's token, sent by its page (the demo only; src/server/lib/dev-mailbox.ts). */
export const DEV_MAILBOX_TOKEN_HEADER = 'X-Dev-Mailbox-Token';
export const SESSION_COOKIE = 'encore_session';
export const PARTNER_COOKIE = 'encore_partner';
export const LANGUAGE_COOKIE = 'i18nextLng';
/**
 * The profile language of the last user signed in with this browser (issue 20 §4): signed-out
 * pages (/login after signing out or after the session ended) speak it when no language was
 * chosen in this browser, instead of falling back to the browser's Accept-Language.
 */
export const PROFILE_LANGUAGE_COOKIE = 'encore_profile_lng';

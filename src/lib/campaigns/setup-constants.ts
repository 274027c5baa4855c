// The setup's constants of spec 2 §5 and §9 without zod, so browser code (the wizard, the shared
// rules of ./setup-rules) can use them without the contracts' schemas in its bundle.
// src/lib/contracts/setup-process.ts re-exports them for the server.

/** Characters per creative field, and the counter colour bands (green up to `green`, orange up to `orange`, red above). */
export const CREATIVE_TEXT = {
  body: { max: 280, green: 200, orange: 250 },
  headline: { max: 80, green: 40, orange: 60 },
  destination_url: { max: 300, green: 200, orange: 240 },
  description: { max: 250, green: 200, orange: 240 },
} as const;
export type CreativeTextField = keyof typeof CREATIVE_TEXT;
export const CREATIVE_LIST = { shown: 3, max: 5 } as const;
export const MAX_MEDIA = 10;
export const VARIATION = { threshold: 50, sufficient: 75, perfect: 96 } as const;
export const AGE = { min: 18, max: 65 } as const;
export const RADIUS = { mile: { min: 10, max: 50 }, kilometer: { min: 17, max: 80 } } as const;
export const SETUP_STEPS = 5;
export const AUTOSAVE_DEBOUNCE_MS = 1000;
export const AUTOSAVE_NOTE_REFRESH_MS = 10_000;
export const BOOSTED_RETURN_MS = 2000;
/** spec 2 §9: the 12 languages of AI text and co-create (code → the full name the generator takes). */
export const CREATIVE_LANGUAGES = {
  en: 'English', de: 'German', fr: 'French', pt: 'European Portuguese', cz: 'Czech', hr: 'Croatian',
  fi: 'Finnish', sv: 'Swedish', es: 'Spanish', it: 'Italian', nl: 'Dutch', pl: 'Polish',
} as const;
export type CreativeLanguage = keyof typeof CREATIVE_LANGUAGES;
export const CREATIVE_LANGUAGE_CODES = Object.keys(CREATIVE_LANGUAGES) as CreativeLanguage[];

export const SETUP_STATUSES = ['created', 'synced', 'published', 'cancelled'] as const;
export type SetupStatus = (typeof SETUP_STATUSES)[number];
export const TARGETING_MODES = ['fd_targeting', 'postal_codes', 'range_locations'] as const;
export type TargetingMode = (typeof TARGETING_MODES)[number];
export const CUSTOM_EVENT_TYPES = ['PURCHASE', 'LEAD'] as const;
export const MEDIA_STATUSES = ['NEW', 'UPLOADING', 'SUCCESS', 'UPLOAD_FAILED', 'INVALID'] as const;

/** spec 2 §5 Targeting validation codes (shown as Recommendations.geoTargeting.validationMsgs.{code}). */
export const TARGETING_CODES = ['NO_POSTAL_CODES', 'NO_RANGE_LOCATIONS', 'NO_TARGETING_MODE', 'NO_TC_TARGETING', 'ALL_LOCATIONS_EXCLUDED', 'UNKNOWN'] as const;
export type TargetingCode = (typeof TARGETING_CODES)[number];

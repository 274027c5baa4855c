import type { IslandI18n } from '../../lib/i18n/namespaces';
import type { Language } from '../../lib/constants';
import type { AttributionProps } from './AttributionSection';
import type { RegistrationProps } from './RegistrationSection';
import type { CalendarProps } from './CalendarSection';

export const SETTINGS_TABS = ['personal', 'notifications', 'meta', 'system'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** What the settings page knows on the server (no fetch before the first paint). */
export interface SettingsProfile {
  email: string;
  /** null when the page does not know (the pill is then left out). */
  emailVerified: boolean | null;
  givenName: string;
  familyName: string;
  language: Language;
  multiPartnerView: string;
}

export interface SettingsScreenProps {
  i18n: IslandI18n;
  profile: SettingsProfile;
  /** spec 1 §2.5: the multi-partner display setting shows only with several partners. */
  partnerCount: number;
  attribution: AttributionProps;
  /** Who may self-register under the partner; null without a chosen partner. */
  registration: RegistrationProps | null;
  /** Issue 25: the country and region of the forecast's public holidays; null without a chosen partner (shown read-only without the settings permission). */
  calendar: CalendarProps | null;
  /** Issue 12: the ticketing-history import, for partner admins (settings permission) acting for a partner. */
  historyImport: boolean;
  /** Issue 23: the integrations manager (CRM secrets), for users acting for a partner with the settings permission. */
  integrations: boolean;
  /** Issue 13: the Meta connection (settings #meta), for users acting for a partner with the settings permission. */
  metaAccess: boolean;
}

/** spec 1 §2.5: the tab comes from the URL hash; personal is the default. */
export function tabFromHash(hash: string): SettingsTab {
  const name = hash.replace(/^#/, '');
  return (SETTINGS_TABS as readonly string[]).includes(name) ? (name as SettingsTab) : 'personal';
}

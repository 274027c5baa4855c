// The signed-in user as the browser knows it (spec 1 §3 User (session)). Filled by the Shell
// layout from server data; read by the request layer for the partner header.
import { atom } from 'nanostores';
import type { PermissionName, FeatureName, Language } from '../lib/constants';

export interface SessionState {
  isLogged: boolean;
  partnerId: number | null;
  name: string;
  email: string;
  language: Language;
  product: 'prisma' | 'full-service' | null;
  permissions: Partial<Record<PermissionName, boolean>>;
  features: Partial<Record<FeatureName, boolean>>;
}

export const $session = atom<SessionState>({
  isLogged: false,
  partnerId: null,
  name: '',
  email: '',
  language: 'en',
  product: null,
  permissions: {},
  features: {},
});

/**
 * Local keys cleared at logout (spec 1 §4.1), and the package builder's saved state (issue 23: it
 * may hold customer ids, which must not outlive the sign-in on a shared browser).
 */
export const LOGOUT_LOCAL_KEYS = ['reduxState', 'clientId', 'partnerDetails', 'attributionModel', 'userCurrency', 'i18nextLng', 'locale', 'encore.packageBuilder'] as const;

// What the middleware knows about the signed-in user of a request; pages and the API read it.
import type { FeatureName, Language, PermissionName } from '../../../lib/constants';
import type { PartnerDetails } from '../../../lib/contracts/auth';

export interface Viewer {
  sessionId: string;
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  language: Language;
  multiPartnerView: string;
  isAdmin: boolean;
  needsUpdate: boolean;
  mfaSetupRequired: boolean;
  /** The partner this request acts for; null until a multi-partner user has chosen. */
  partner: PartnerDetails | null;
  accessLevel: string | null;
  /** Partners the user belongs to, sorted by name (spec 1 §2.4 chooser). */
  memberships: { id: number; name: string; product: PartnerDetails['product'] }[];
  permissions: Record<PermissionName, boolean>;
  features: Record<FeatureName, boolean>;
}

/** spec 1 §1: the product type switches the translation namespace. */
export function productOf(viewer: Viewer | null): PartnerDetails['product'] | null {
  return viewer?.partner?.product ?? null;
}

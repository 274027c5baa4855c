// spec 1 §2.2: an MFA-required user without a configured factor may only open /setup-mfa.
// The date-based enforcement (12 May 2025) and the factors themselves arrive with issue 3.
import type { users } from '../../db/schema';
import type { SessionRow } from './sessions';

type UserRow = typeof users.$inferSelect;

export function mfaSetupRequired(user: Pick<UserRow, 'mfaRequired' | 'totpEnabled' | 'emailOtpEnabled'>, _session: Pick<SessionRow, 'mfaVerified'>): boolean {
  return user.mfaRequired && !user.totpEnabled && !user.emailOtpEnabled;
}

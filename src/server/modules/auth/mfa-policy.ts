// spec 1 §2.2: MFA is required for every user from 12 May 2025 ("enforcement applies from 12 May
// 2025 when the user's MFA settings say it is not yet required"); before that only users whose
// settings say required. One place for the date and for what a pre-MFA session may do.
import type { users } from '../../db/schema';
import type { SessionRow } from './sessions';
import { now } from '../../lib/clock';

type UserRow = typeof users.$inferSelect;

export const MFA_ENFORCED_FROM = new Date('2025-05-12T00:00:00Z');

export function mfaRequired(user: Pick<UserRow, 'mfaRequired'>, at: Date = now()): boolean {
  return user.mfaRequired || at.getTime() >= MFA_ENFORCED_FROM.getTime();
}

export function hasMfaFactor(user: Pick<UserRow, 'totpEnabled' | 'emailOtpEnabled'>): boolean {
  return user.totpEnabled || user.emailOtpEnabled;
}

/**
 * A session that has not passed MFA while MFA is required: the restricted session handed out
 * with the MFA_SETUP challenge. The page guard sends it to /setup-mfa and the API lets it reach
 * only PRE_MFA_API (below).
 */
export function mfaSetupRequired(user: Pick<UserRow, 'mfaRequired' | 'totpEnabled' | 'emailOtpEnabled'>, session: Pick<SessionRow, 'mfaVerified'>): boolean {
  return mfaRequired(user) && !session.mfaVerified;
}

/** API calls (METHOD path under /api/v3) a restricted pre-MFA session may make. */
export const PRE_MFA_API: RegExp[] = [
  /^GET \/auth\/mfa\/configure\/totp$/,
  /^PUT \/auth\/mfa\/configure\/totp$/,
  /^GET \/auth\/mfa\/settings$/,
  /^PUT \/auth\/mfa\/settings$/,
  /^GET \/auth\/session$/,
  /^POST \/auth\/logout$/,
  /^GET \/profile$/,
  // Calls that need no session at all stay open (signing in again, codes, password reset).
  /^POST \/auth$/,
  /^PUT \/auth\/challenge\/(new-password|mfa-token)$/,
  /^POST \/auth\/mfa\/email\/resend$/,
  /^POST \/auth\/(initiate|confirm)_forgot_password$/,
  /^GET \/dev\/mailbox$/,
];

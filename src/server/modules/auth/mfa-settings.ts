// MFA configuration (spec 1 §2.4 /setup-mfa, §2.5 settings; issue 3 §2): offer and confirm an
// authenticator, switch factors on and off, remove the authenticator after re-authentication.
// Every change replaces the session (privilege change) and answers a LoginResponse.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { LoginResponse, MfaSettingsUpdateRequest, TotpSetupResponse } from '../../../lib/contracts/auth';
import { AppError, notFound } from '../../lib/errors';
import type { Viewer } from './viewer';
import { getSession, replaceSession, type ClientMeta, type IssuedSession } from './sessions';
import { newTotpSecret, otpauthUri, qrDataUrl, verifyTotp } from './totp';
import { claimStep, openTotpSecret, sealTotpSecret } from './totp-store';
import { mfaRequired } from './mfa-policy';
import { mfaSettingsOf, tokensBody, wrongToken, type UserRow } from './service';
import { assertReauthenticated } from './password';
import { forgetDevices } from './devices';
import { LIMITS, accountKey, hit } from './rate-limit';

export interface MfaChangeResult {
  body: LoginResponse;
  issued: IssuedSession;
}

async function userOf(db: Db, viewer: Viewer): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!user) throw notFound('User');
  return user;
}

/** A restricted pre-MFA session may only add a factor, never change the rest. */
const setupOnly = () => new AppError(403, 'error.auth.mfaSetupRequired', 'Set up multi-factor authentication first.');

async function renewed(db: Db, viewer: Viewer, user: UserRow, meta: ClientMeta): Promise<MfaChangeResult> {
  const session = await getSession(db, viewer.sessionId);
  if (!session) throw new AppError(401, 'error.auth.unauthenticated', 'Not signed in or session expired');
  const issued = await replaceSession(db, session, { mfaVerified: true }, meta);
  return { issued, body: await tokensBody(db, user, issued) };
}

export function getMfaSettings(db: Db, viewer: Viewer) {
  return userOf(db, viewer).then(mfaSettingsOf);
}

/** GET /auth/mfa/configure/totp: a new secret, kept pending until a code proves it. */
export async function offerTotp(db: Db, viewer: Viewer): Promise<TotpSetupResponse> {
  const secret = newTotpSecret();
  await db.update(users).set({ totpPendingEnc: sealTotpSecret(secret, viewer.userId) }).where(eq(users.id, viewer.userId));
  const uri = otpauthUri(secret, viewer.email);
  return { qr_uri: await qrDataUrl(uri), qr_secret: secret, otpauth_uri: uri };
}

/** PUT /auth/mfa/configure/totp: the app is proven; activates TOTP (preferred) and email codes. */
export async function confirmTotp(db: Db, viewer: Viewer, code: string, meta: ClientMeta): Promise<MfaChangeResult> {
  await hit(db, accountKey('code', viewer.email), LIMITS.codeAccount);
  const user = await userOf(db, viewer);
  if (!user.totpPendingEnc) throw new AppError(409, 'error.mfa.noPendingSecret', 'Start the authenticator setup again.');
  const secret = openTotpSecret(user.totpPendingEnc, user.id);
  const step = verifyTotp(secret, code, null);
  if (step === null) throw wrongToken();
  await db
    .update(users)
    .set({ totpSecretEnc: user.totpPendingEnc, totpPendingEnc: null, totpEnabled: true, emailOtpEnabled: true, mfaPreferred: 'SOFTWARE_TOKEN_MFA', totpLastStep: null })
    .where(eq(users.id, user.id));
  await claimStep(db, user.id, step);
  return renewed(db, viewer, await userOf(db, viewer), meta);
}

/** PUT /auth/mfa/settings {mfa_option_class, status, preferred}. */
export async function updateMfaSettings(db: Db, viewer: Viewer, req: MfaSettingsUpdateRequest, meta: ClientMeta): Promise<MfaChangeResult> {
  const user = await userOf(db, viewer);
  const set: Partial<typeof users.$inferInsert> = {};
  const enabling = req.status === 'ENABLED';
  if (viewer.mfaSetupRequired && !(req.mfa_option_class === 'EMAIL_OTP' && enabling)) throw setupOnly();
  if (req.mfa_option_class === 'EMAIL_OTP') {
    if (enabling) {
      // The address must be proven before it can carry a second factor.
      if (!user.emailVerified) throw new AppError(409, 'error.mfa.emailUnverified', 'Confirm your email address first.');
      set.emailOtpEnabled = true;
      if (req.preferred || !user.totpEnabled) set.mfaPreferred = 'EMAIL_OTP';
    } else {
      if (!user.totpEnabled && mfaRequired(user)) throw new AppError(409, 'error.mfa.lastFactor', 'Multi-factor authentication is required; one method must stay active.');
      set.emailOtpEnabled = false;
      set.mfaPreferred = user.totpEnabled ? 'SOFTWARE_TOKEN_MFA' : null;
    }
  } else if (enabling) {
    if (!user.totpSecretEnc) throw new AppError(409, 'error.mfa.totpNotConfigured', 'Set up the authenticator app first.');
    set.totpEnabled = true;
    if (req.preferred) set.mfaPreferred = 'SOFTWARE_TOKEN_MFA';
  } else {
    // Removing the app needs the password: DELETE /auth/mfa/totp.
    throw new AppError(409, 'error.mfa.reauthRequired', 'Confirm with your password to remove the authenticator app.');
  }
  await db.update(users).set(set).where(eq(users.id, user.id));
  return renewed(db, viewer, await userOf(db, viewer), meta);
}

/** DELETE /auth/mfa/totp {password}: removes the authenticator after re-authentication. */
export async function removeTotp(db: Db, viewer: Viewer, password: string, meta: ClientMeta): Promise<MfaChangeResult> {
  if (viewer.mfaSetupRequired) throw setupOnly();
  await hit(db, accountKey('reauth', viewer.email), LIMITS.codeAccount);
  const user = await userOf(db, viewer);
  await assertReauthenticated(user.passwordHash, password);
  if (!user.totpEnabled && !user.totpSecretEnc) throw new AppError(409, 'error.mfa.totpNotConfigured', 'No authenticator app is set up.');
  if (!user.emailOtpEnabled && mfaRequired(user)) throw new AppError(409, 'error.mfa.lastFactor', 'Multi-factor authentication is required; one method must stay active.');
  await db
    .update(users)
    .set({ totpEnabled: false, totpSecretEnc: null, totpPendingEnc: null, totpLastStep: null, mfaPreferred: user.emailOtpEnabled ? 'EMAIL_OTP' : null })
    .where(eq(users.id, user.id));
  await forgetDevices(db, user.id);
  return renewed(db, viewer, await userOf(db, viewer), meta);
}

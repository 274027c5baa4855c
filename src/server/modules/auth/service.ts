// Sign-in with its challenges, partner choice and sign-out (spec 1 §2.4, §4.1, §7; issue 3 §1).
// Credentials → (NEW_PASSWORD_REQUIRED) → (MFA_SETUP | SOFTWARE_TOKEN_MFA | EMAIL_OTP) → tokens.
// No full session exists before the last challenge is passed; MFA_SETUP hands out a restricted
// session that may only set up MFA (mfa-policy.ts PRE_MFA_API).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import type { LoginRequest, LoginResponse, MfaMethod, MfaSettings, MfaTokenChallengeRequest, MfaEmailResendRequest, NewPasswordChallengeRequest } from '../../../lib/contracts/auth';
import { AppError } from '../../lib/errors';
import { config } from '../../config';
import { assertPasswordPolicy, burnPasswordCheck, hashPassword, verifyPassword } from './password';
import { createSession, replaceSession, revokeSession, setSessionPartner, type ClientMeta, type IssuedSession, type SessionRow } from './sessions';
import { signIdToken } from './id-token';
import { hasMfaFactor, mfaRequired } from './mfa-policy';
import { answerChallenge, closeChallenge, createChallenge } from './challenges';
import { isRememberedDevice, rememberDevice } from './devices';
import { LIMITS, accountKey, check, hit, ipKey } from './rate-limit';
import { assertNotLocked, clearFailures, lockKey, recordFailure } from './lockout';
import { verifyUserTotp } from './totp-store';
import { sendEmailOtp, verifyEmailOtp } from './email-otp';
import { nowMs } from '../../lib/clock';

export type UserRow = typeof users.$inferSelect;

const invalidCredentials = () => new AppError(401, 'error.auth.invalidCredentials', 'Incorrect username or password.');
const notAuthorized = () => new AppError(403, 'error.auth.notAuthorized', 'You are not authorized to login. Please contact an admin.');
export const wrongToken = () => new AppError(400, 'error.mfa.wrongToken', 'The code is not correct.');

export function mfaSettingsOf(user: UserRow): MfaSettings {
  const activate: string[] = [];
  if (user.totpEnabled) activate.push('SOFTWARE_TOKEN_MFA');
  if (user.emailOtpEnabled) activate.push('EMAIL_OTP');
  return {
    preferred_mfa: user.mfaPreferred,
    activate_mfa: activate,
    required: mfaRequired(user),
    softwareTokenMfa: user.totpEnabled,
    emailTotp: user.emailOtpEnabled,
  };
}

export interface SignInResult {
  body: LoginResponse;
  /** The session to put in the cookies; null while a challenge (other than MFA_SETUP) waits. */
  issued: IssuedSession | null;
  /** Raw access token for the cookie (kept for the no-JS login page); null with no session. */
  sessionToken: string | null;
  partnerId: number | null;
  partnerCount: number;
}

async function partnerIdsOf(db: Db, userId: string): Promise<number[]> {
  return (await db.select({ id: memberships.partnerId }).from(memberships).where(eq(memberships.userId, userId))).map((m) => m.id);
}

/** spec 1 §4.1: disabled and external accounts, and users without a partner, are refused. */
async function assertMaySignIn(db: Db, user: UserRow): Promise<number[]> {
  if (user.status === 'disabled') throw new AppError(403, 'error.auth.inactive', 'Your account is disabled. Please contact an admin.');
  if (user.status === 'external') throw notAuthorized();
  const partnerIds = await partnerIdsOf(db, user.id);
  if (partnerIds.length === 0) throw notAuthorized();
  return partnerIds;
}

function emptyBody(user: UserRow): LoginResponse {
  return {
    AccessToken: null,
    IdToken: null,
    RefreshToken: null,
    ExpiresIn: null,
    TokenType: 'Bearer',
    Challenge: null,
    ChallengeSession: null,
    DeviceKey: null,
    DeviceGroupKey: null,
    mfa_settings: mfaSettingsOf(user),
  };
}

/** The LoginResponse of an issued session (also answered by every privilege change). */
export async function tokensBody(db: Db, user: UserRow, issued: IssuedSession, extra: Partial<LoginResponse> = {}): Promise<LoginResponse> {
  const partnerIds = await partnerIdsOf(db, user.id);
  const expiresIn = Math.round((issued.session.expiresAt.getTime() - nowMs()) / 1000);
  return {
    ...emptyBody(user),
    AccessToken: issued.accessToken,
    IdToken: await signIdToken(user, partnerIds, config.accessTokenTtlSec),
    RefreshToken: issued.refreshToken,
    ExpiresIn: Math.max(0, Math.min(config.accessTokenTtlSec, expiresIn)),
    ...extra,
  };
}

async function loggedIn(db: Db, user: UserRow, partnerIds: number[], meta: ClientMeta, mfaVerified: boolean, extra: Partial<LoginResponse> = {}): Promise<SignInResult> {
  const partnerId = partnerIds.length === 1 ? partnerIds[0] : null;
  const issued = await createSession(db, user.id, partnerId, meta, { mfaVerified });
  return { issued, sessionToken: issued.accessToken, partnerId, partnerCount: partnerIds.length, body: await tokensBody(db, user, issued, extra) };
}

function challenged(user: UserRow, partnerIds: number[], body: Partial<LoginResponse>, issued: IssuedSession | null = null): SignInResult {
  return { issued, sessionToken: issued?.accessToken ?? null, partnerId: null, partnerCount: partnerIds.length, body: { ...emptyBody(user), ...body } };
}

function pickMethod(user: UserRow, requested?: string | null): MfaMethod {
  const enabled: MfaMethod[] = [];
  if (user.totpEnabled) enabled.push('SOFTWARE_TOKEN_MFA');
  if (user.emailOtpEnabled) enabled.push('EMAIL_OTP');
  if (requested && enabled.includes(requested as MfaMethod)) return requested as MfaMethod;
  if (user.mfaPreferred && enabled.includes(user.mfaPreferred as MfaMethod)) return user.mfaPreferred as MfaMethod;
  return enabled[0];
}

interface Next {
  mfaOption?: string | null;
  deviceKey?: string | null;
  deviceGroupKey?: string | null;
}

/** After the password (and a new password if required): the MFA step or tokens. */
async function afterPassword(db: Db, user: UserRow, partnerIds: number[], next: Next, meta: ClientMeta): Promise<SignInResult> {
  if (user.mustChangePassword) {
    return challenged(user, partnerIds, { Challenge: 'NEW_PASSWORD_REQUIRED', ChallengeSession: await createChallenge(db, user.id, 'NEW_PASSWORD_REQUIRED') });
  }
  if (!hasMfaFactor(user)) {
    if (!mfaRequired(user)) return loggedIn(db, user, partnerIds, meta, false);
    // spec 1 §2.4 MFA_SETUP: a restricted session (no refresh token) that may only set up MFA.
    const partnerId = partnerIds.length === 1 ? partnerIds[0] : null;
    const issued = await createSession(db, user.id, partnerId, meta, { mfaVerified: false, refresh: false });
    const body = await tokensBody(db, user, issued, { Challenge: 'MFA_SETUP', ChallengeSession: await createChallenge(db, user.id, 'MFA_SETUP') });
    return { ...challenged(user, partnerIds, body, issued), partnerId };
  }
  if (await isRememberedDevice(db, user.id, next.deviceKey, next.deviceGroupKey)) {
    return loggedIn(db, user, partnerIds, meta, true, { DeviceKey: next.deviceKey ?? null, DeviceGroupKey: next.deviceGroupKey ?? null });
  }
  const method = pickMethod(user, next.mfaOption);
  if (method === 'EMAIL_OTP') await sendEmailOtp(db, user);
  return challenged(user, partnerIds, { Challenge: method, ChallengeSession: await createChallenge(db, user.id, method, method) });
}

export async function signIn(db: Db, input: LoginRequest, meta: ClientMeta): Promise<SignInResult> {
  const email = input.username.trim().toLowerCase();
  await hit(db, ipKey('signin', meta.ip), LIMITS.signInIp);
  await check(db, accountKey('signin', email), LIMITS.signInAccountFailures);
  const lock = lockKey(email, meta.ip);
  await assertNotLocked(db, lock);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !ok) {
    await recordFailure(db, lock);
    await hit(db, accountKey('signin', email), LIMITS.signInAccountFailures).catch(() => undefined);
    throw invalidCredentials();
  }
  await clearFailures(db, lock);
  // Status is revealed only after the password proved who is asking (no account enumeration).
  const partnerIds = await assertMaySignIn(db, user);
  return afterPassword(db, user, partnerIds, { mfaOption: input.mfa_option, deviceKey: input.device_key, deviceGroupKey: input.device_group_key }, meta);
}

/** PUT /auth/challenge/new-password (spec 1 §2.4 /setpassword). */
export async function answerNewPassword(db: Db, input: NewPasswordChallengeRequest, meta: ClientMeta): Promise<SignInResult> {
  await hit(db, ipKey('code', meta.ip), LIMITS.codeIp);
  const { challenge, user } = await answerChallenge(db, input.username, input.session, ['NEW_PASSWORD_REQUIRED']);
  assertPasswordPolicy(input.new_password, 'new_password');
  const partnerIds = await assertMaySignIn(db, user);
  await db.update(users).set({ passwordHash: await hashPassword(input.new_password), mustChangePassword: false }).where(eq(users.id, user.id));
  await closeChallenge(db, challenge.id);
  return afterPassword(db, { ...user, mustChangePassword: false }, partnerIds, {}, meta);
}

/** PUT /auth/challenge/mfa-token: the code of the challenge's method; remember_device optional. */
export async function answerMfaToken(db: Db, input: MfaTokenChallengeRequest, meta: ClientMeta): Promise<SignInResult> {
  await hit(db, ipKey('code', meta.ip), LIMITS.codeIp);
  await hit(db, accountKey('code', input.username), LIMITS.codeAccount);
  const { challenge, user } = await answerChallenge(db, input.username, input.session, ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
  if (challenge.method !== input.mfa_method) throw new AppError(400, 'error.mfa.wrongMethod', 'This sign-in waits for a code of the other method.');
  const partnerIds = await assertMaySignIn(db, user);
  const ok = input.mfa_method === 'SOFTWARE_TOKEN_MFA' ? await verifyUserTotp(db, user, input.mfa_token) : await verifyEmailOtp(db, user, input.mfa_token);
  if (!ok) throw wrongToken();
  await closeChallenge(db, challenge.id);
  const device = input.remember_device ? await rememberDevice(db, user.id) : null;
  return loggedIn(db, user, partnerIds, meta, true, device ? { DeviceKey: device.deviceKey, DeviceGroupKey: device.deviceGroupKey } : {});
}

/** POST /auth/mfa/email/resend: a new code; the previous one dies (rate-limited). */
export async function resendEmailOtp(db: Db, input: MfaEmailResendRequest): Promise<void> {
  const { user } = await answerChallenge(db, input.username, input.session, ['EMAIL_OTP']);
  await sendEmailOtp(db, user);
}

/**
 * Choose the partner a multi-partner session acts for (spec 1 §2.4 partner chooser). The first
 * choice after sign-in keeps the session; switching from one partner to another is a privilege
 * change and replaces the session (returned so the caller sets the new cookies).
 */
export async function choosePartner(db: Db, viewer: { sessionId: string; memberships: { id: number }[]; partner?: { id: number } | null }, partnerId: number, meta: ClientMeta = {}): Promise<IssuedSession | null> {
  if (!viewer.memberships.some((m) => m.id === partnerId)) {
    throw new AppError(404, 'error.partner.notFound', 'Partner not found');
  }
  const { getSession } = await import('./sessions');
  const session = await getSession(db, viewer.sessionId);
  if (!session) throw new AppError(401, 'error.auth.unauthenticated', 'Not signed in or session expired');
  if (session.partnerId == null || session.partnerId === partnerId) {
    await setSessionPartner(db, viewer.sessionId, partnerId);
    return null;
  }
  return replaceSession(db, session as SessionRow, { partnerId }, meta);
}

export async function signOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

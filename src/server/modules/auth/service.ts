// Sign-in, partner choice and sign-out (spec 1 §2.4, §4.1, §7). Challenges (new password, MFA)
// are answered by the account flows of issue 3; sessions are shaped for them already.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import type { LoginRequest, LoginResponse, MfaSettings } from '../../../lib/contracts/auth';
import { AppError } from '../../lib/errors';
import { config } from '../../config';
import { burnPasswordCheck, verifyPassword } from './password';
import { createSession, revokeSession, setSessionPartner, type ClientMeta } from './sessions';
import { signIdToken } from './id-token';

type UserRow = typeof users.$inferSelect;

const invalidCredentials = () => new AppError(401, 'error.auth.invalidCredentials', 'Incorrect username or password.');

export function mfaSettingsOf(user: UserRow): MfaSettings {
  const activate: string[] = [];
  if (user.totpEnabled) activate.push('SOFTWARE_TOKEN_MFA');
  if (user.emailOtpEnabled) activate.push('EMAIL_OTP');
  return {
    preferred_mfa: user.mfaPreferred,
    activate_mfa: activate,
    required: user.mfaRequired,
    softwareTokenMfa: user.totpEnabled,
    emailTotp: user.emailOtpEnabled,
  };
}

export interface SignInResult {
  body: LoginResponse;
  /** Raw session token for the cookie. */
  sessionToken: string;
  /** Partner chosen automatically, or null when the user must choose (several partners). */
  partnerId: number | null;
  partnerCount: number;
}

export async function signIn(db: Db, input: LoginRequest, meta: ClientMeta): Promise<SignInResult> {
  const email = input.username.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) {
    await burnPasswordCheck(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await db.update(users).set({ failedLogins: sql`${users.failedLogins} + 1` }).where(eq(users.id, user.id));
    throw invalidCredentials();
  }
  // Status is revealed only after the password proved who is asking (no account enumeration).
  if (user.status === 'disabled') {
    throw new AppError(403, 'error.auth.inactive', 'Your account is disabled. Please contact an admin.');
  }
  if (user.status === 'external') {
    throw new AppError(403, 'error.auth.notAuthorized', 'You are not authorized to login. Please contact an admin.');
  }
  const partnerIds = (await db.select({ id: memberships.partnerId }).from(memberships).where(eq(memberships.userId, user.id))).map((m) => m.id);
  if (partnerIds.length === 0) {
    throw new AppError(403, 'error.auth.notAuthorized', 'You are not authorized to login. Please contact an admin.');
  }
  if (user.failedLogins > 0) await db.update(users).set({ failedLogins: 0 }).where(eq(users.id, user.id));

  const partnerId = partnerIds.length === 1 ? partnerIds[0] : null;
  const { token } = await createSession(db, user.id, partnerId, meta);
  return {
    sessionToken: token,
    partnerId,
    partnerCount: partnerIds.length,
    body: {
      AccessToken: token,
      IdToken: await signIdToken(user, partnerIds, config.sessionTtlSec),
      RefreshToken: null,
      ExpiresIn: config.sessionTtlSec,
      TokenType: 'Bearer',
      Challenge: null,
      ChallengeSession: null,
      DeviceKey: null,
      DeviceGroupKey: null,
      mfa_settings: mfaSettingsOf(user),
    },
  };
}

/** Choose the partner a multi-partner session acts for (spec 1 §2.4 partner chooser). */
export async function choosePartner(db: Db, viewer: { sessionId: string; memberships: { id: number }[] }, partnerId: number): Promise<void> {
  if (!viewer.memberships.some((m) => m.id === partnerId)) {
    throw new AppError(404, 'error.partner.notFound', 'Partner not found');
  }
  await setSessionPartner(db, viewer.sessionId, partnerId);
}

export async function signOut(db: Db, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}

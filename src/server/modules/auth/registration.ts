// Registration under a partner and the update-details re-registration (spec 1 §2.4, §3, §7;
// issue 3 §4). Decision: a confirmed registrant becomes a member of the partner with the default
// access level and only the dashboard permission; an admin grants modules later. Only addresses
// of the partner's domain (or its subdomains) may register unless the partner opened
// registration (modules/partners/registration.ts); an unknown partner gets the same refusal, so
// the answer does not tell whether a partner id exists.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, partners, permissions, users } from '../../db/schema';
import type { RegisterRequest, UpdateUsersRequest } from '../../../lib/contracts/auth';
import { DEFAULT_ACCESS_LEVEL } from '../../../lib/constants';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/outbox';
import { assertPasswordPolicy, hashPassword } from './password';
import { codeInvalid, consumeCode, issueCode } from './email-codes';
import { LIMITS, accountKey, hit, ipKey } from './rate-limit';
import { getSession, replaceSession, revokeUserSessions, type ClientMeta, type IssuedSession } from './sessions';
import { asLanguage } from './language';
import type { Viewer } from './viewer';
import { mayRegister } from '../partners/registration';

export const REGISTRANT_PERMISSIONS = ['dashboard'] as const;

const partnerNotFound = () => new AppError(404, 'error.partner.notFound', 'Partner not found');
/** One answer for an unknown partner and for an address outside the partner's domain. */
export const registrationNotAllowed = () =>
  new AppError(403, 'error.registration.notAllowed', "Registration here is open only to email addresses of the organisation's own domain. Please ask an admin of your organisation for access.");

/** POST /auth/partners/{partner_id}/users. Same answer for a new and an existing address. */
export async function register(db: Db, partnerId: number, req: RegisterRequest, meta: ClientMeta): Promise<void> {
  if (req.partner_id !== partnerId) throw new AppError(400, 'error.validation.invalid', 'partner_id does not match the path');
  await hit(db, ipKey('register', meta.ip), LIMITS.registerIp);
  await hit(db, accountKey('register', req.email), LIMITS.registerAccount);
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!partner || !mayRegister(partner, req.email)) throw registrationNotAllowed();
  assertPasswordPolicy(req.password);
  const language = asLanguage(partner.language);
  const [existing] = await db.select().from(users).where(eq(users.email, req.email)).limit(1);
  if (existing?.emailVerified) {
    // Tell the owner, not the caller (no account enumeration).
    await queueMail(db, existing.email, 'registerExists', asLanguage(existing.language));
    return;
  }
  const values = { passwordHash: await hashPassword(req.password), givenName: req.given_name, familyName: req.family_name };
  const userId = existing
    ? (await db.update(users).set(values).where(eq(users.id, existing.id)).returning({ id: users.id }))[0].id
    : (await db.insert(users).values({ ...values, email: req.email, language, locale: language === 'de' ? 'de-DE' : 'en-US', emailVerified: false }).returning({ id: users.id }))[0].id;
  const code = await issueCode(db, userId, 'register', String(partnerId));
  await queueMail(db, req.email, 'registerCode', language, { code, name: req.given_name });
}

/** POST /auth/partners/users/confirm {email, conf_code}. */
export async function confirmRegistration(db: Db, email: string, code: string, meta: ClientMeta): Promise<void> {
  await hit(db, ipKey('code', meta.ip), LIMITS.codeIp);
  await hit(db, accountKey('code', email), LIMITS.codeAccount);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw codeInvalid();
  const row = await consumeCode(db, user.id, 'register', code);
  const partnerId = Number(row.target);
  // The partner may have closed open registration since the code was sent.
  const [partner] = await db.select().from(partners).where(eq(partners.id, partnerId)).limit(1);
  if (!partner || !mayRegister(partner, user.email)) throw registrationNotAllowed();
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
  await db.insert(memberships).values({ userId: user.id, partnerId, accessLevel: DEFAULT_ACCESS_LEVEL }).onConflictDoNothing();
  await db
    .insert(permissions)
    .values(REGISTRANT_PERMISSIONS.map((name) => ({ userId: user.id, partnerId, name, isEnabled: true })))
    .onConflictDoNothing();
}

/**
 * POST /auth/partners/{partner_id}/update_users: the security re-registration of a signed-in
 * user flagged needs_update (the guard sends them to /update-user/{partnerId}). The email must be
 * the account's own (changing it goes through the confirmed /profile/email). Sets the new
 * password and names, clears the flag, ends the other sessions and replaces this one.
 */
export async function updateUserDetails(db: Db, viewer: Viewer, partnerId: number, req: UpdateUsersRequest, meta: ClientMeta): Promise<IssuedSession> {
  if (req.partner_id !== partnerId) throw new AppError(400, 'error.validation.invalid', 'partner_id does not match the path');
  if (!viewer.memberships.some((m) => m.id === partnerId)) throw partnerNotFound();
  if (!viewer.needsUpdate) throw new AppError(409, 'error.account.noUpdateNeeded', 'Your details are up to date.');
  if (req.email !== viewer.email.toLowerCase()) throw new AppError(422, 'error.account.emailMismatch', 'Use the email address of your account.');
  assertPasswordPolicy(req.password);
  const [given, ...rest] = req.name.split(/\s+/);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(req.password), givenName: given, familyName: rest.join(' ') || given, needsUpdate: false })
    .where(and(eq(users.id, viewer.userId)));
  const session = await getSession(db, viewer.sessionId);
  if (!session) throw new AppError(401, 'error.auth.unauthenticated', 'Not signed in or session expired');
  await revokeUserSessions(db, viewer.userId, session.familyId);
  return replaceSession(db, session, {}, meta);
}

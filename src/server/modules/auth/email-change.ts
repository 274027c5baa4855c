// Changing the sign-in email (issue 3 §4): the password again (re-authentication), then a code
// sent to the NEW address proves it; the old address is told afterwards.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { queueMail } from '../mail/outbox';
import { assertReauthenticated } from './password';
import { consumeCode, issueCode } from './email-codes';
import { LIMITS, hit } from './rate-limit';
import { asLanguage } from './language';
import type { Viewer } from './viewer';

const emailTaken = () => new AppError(409, 'error.account.emailTaken', 'This email address is already in use.');

export async function requestEmailChange(db: Db, viewer: Viewer, newEmail: string, password: string): Promise<void> {
  await hit(db, `email-change:user:${viewer.userId}`, LIMITS.emailChange);
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  if (!user) throw notFound('User');
  await assertReauthenticated(user.passwordHash, password);
  if (newEmail === user.email) throw new AppError(422, 'error.account.sameEmail', 'This is already your email address.');
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (other) throw emailTaken();
  const code = await issueCode(db, user.id, 'email_change', newEmail);
  await queueMail(db, newEmail, 'emailChangeCode', asLanguage(user.language), { code });
}

export async function confirmEmailChange(db: Db, viewer: Viewer, code: string): Promise<void> {
  await hit(db, `code:user:${viewer.userId}`, LIMITS.codeAccount);
  const row = await consumeCode(db, viewer.userId, 'email_change', code);
  const newEmail = row.target!;
  const [other] = await db.select({ id: users.id }).from(users).where(eq(users.email, newEmail)).limit(1);
  if (other) throw emailTaken();
  const [user] = await db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
  await db.update(users).set({ email: newEmail, emailVerified: true }).where(eq(users.id, viewer.userId));
  await queueMail(db, user.email, 'emailChanged', asLanguage(user.language), { email: newEmail });
}

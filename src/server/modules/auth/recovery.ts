// Forgot password (spec 1 §2.4 three steps; issue 3 §4). The first step answers the same whether
// or not the address has an account. The reset ends every session but leaves MFA alone: the user
// then signs in with password AND second factor as usual (a reset never bypasses MFA).
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { queueMail } from '../mail/outbox';
import { assertPasswordPolicy, hashPassword } from './password';
import { codeInvalid, consumeCode, issueCode } from './email-codes';
import { LIMITS, accountKey, hit, ipKey } from './rate-limit';
import { revokeUserSessions, type ClientMeta } from './sessions';
import { asLanguage } from './language';

export async function initiateForgotPassword(db: Db, email: string, meta: ClientMeta): Promise<void> {
  await hit(db, ipKey('forgot', meta.ip), LIMITS.forgotIp);
  await hit(db, accountKey('forgot', email), LIMITS.forgotAccount);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || user.status !== 'active') return;
  const code = await issueCode(db, user.id, 'reset');
  await queueMail(db, user.email, 'resetCode', asLanguage(user.language), { code });
}

export async function confirmForgotPassword(db: Db, email: string, code: string, newPassword: string, meta: ClientMeta): Promise<void> {
  await hit(db, ipKey('code', meta.ip), LIMITS.codeIp);
  await hit(db, accountKey('code', email), LIMITS.codeAccount);
  assertPasswordPolicy(newPassword, 'new_password');
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // An unknown address answers like a wrong code.
  if (!user) throw codeInvalid();
  await consumeCode(db, user.id, 'reset', code);
  await db.update(users).set({ passwordHash: await hashPassword(newPassword), mustChangePassword: false }).where(eq(users.id, user.id));
  await revokeUserSessions(db, user.id);
  await queueMail(db, user.email, 'passwordChanged', asLanguage(user.language));
}

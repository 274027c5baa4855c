// Email OTP (issue 3 §2): the fallback factor. Sending a code kills the previous one; sends are
// rate-limited per user; the code is checked by email-codes.ts (10 min, 5 tries, hashed).
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { queueMail } from '../mail/outbox';
import { asLanguage } from './language';
import { consumeCode, issueCode } from './email-codes';
import { LIMITS, hit } from './rate-limit';

type UserRow = typeof users.$inferSelect;

export async function sendEmailOtp(db: Db, user: UserRow): Promise<void> {
  await hit(db, `mfa-email:user:${user.id}`, LIMITS.emailResend);
  const code = await issueCode(db, user.id, 'mfa');
  await queueMail(db, user.email, 'mfaCode', asLanguage(user.language), { code });
}

/** true when the code is right; a wrong code is false; no live code → error.code.expired. */
export async function verifyEmailOtp(db: Db, user: UserRow, code: string): Promise<boolean> {
  if (!user.emailOtpEnabled) return false;
  try {
    await consumeCode(db, user.id, 'mfa', code);
    return true;
  } catch (err) {
    if (err instanceof AppError && err.code === 'error.code.invalid') return false;
    throw err;
  }
}

// One-time codes sent by mail (issue 3 §2, §4): email OTP, forgot password, registration and
// email-change confirmation. 6 digits, stored as a keyed hash, valid 10 minutes, dead after 5
// wrong tries, and a new code of the same purpose kills the previous one.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailCodes } from '../../db/schema';
import { hashCode, randomDigits, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { now } from '../../lib/clock';

export type CodePurpose = (typeof emailCodes.$inferSelect)['purpose'];
export const CODE_TTL_SEC = 10 * 60;
export const CODE_MAX_TRIES = 5;

export const codeInvalid = () => new AppError(400, 'error.code.invalid', 'The code is not correct.');
export const codeExpired = () => new AppError(400, 'error.code.expired', 'The code has expired or was used up. Please request a new one.');

export async function issueCode(db: Db, userId: string, purpose: CodePurpose, target: string | null = null): Promise<string> {
  const code = randomDigits(6);
  const t = now();
  await db.update(emailCodes).set({ usedAt: t }).where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await db.insert(emailCodes).values({
    userId,
    purpose,
    target,
    codeHash: hashCode(code, `${purpose}:${userId}`),
    expiresAt: new Date(t.getTime() + CODE_TTL_SEC * 1000),
  });
  return code;
}

/**
 * Checks `code` against the live code of the user and purpose; on success the code is spent and
 * its row returned (target of an email change). Wrong → error.code.invalid (and one try
 * fewer); none alive → error.code.expired.
 */
export async function consumeCode(db: Db, userId: string, purpose: CodePurpose, code: string) {
  const t = now();
  const [row] = await db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.userId, userId), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, t)))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_TRIES) throw codeExpired();
  if (!safeEqual(row.codeHash, hashCode(code.trim(), `${purpose}:${userId}`))) {
    const attempts = row.attempts + 1;
    await db.update(emailCodes).set({ attempts, usedAt: attempts >= CODE_MAX_TRIES ? t : null }).where(eq(emailCodes.id, row.id));
    throw attempts >= CODE_MAX_TRIES ? codeExpired() : codeInvalid();
  }
  await db.update(emailCodes).set({ usedAt: t }).where(eq(emailCodes.id, row.id));
  return row;
}

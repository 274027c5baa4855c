// A user's authenticator: the secret sealed with AES-256-GCM (ARCHITECTURE §3, bound to the user
// id) and the last accepted time-step, advanced atomically so a code is accepted once (issue 3).
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { verifyTotp } from './totp';

type UserRow = typeof users.$inferSelect;

export const sealTotpSecret = (secret: string, userId: string) => encryptSecret(secret, `totp:${userId}`);
export const openTotpSecret = (sealed: string, userId: string) => decryptSecret(sealed, `totp:${userId}`);

/** Checks a code of the active authenticator and spends its time-step. */
export async function verifyUserTotp(db: Db, user: UserRow, code: string): Promise<boolean> {
  if (!user.totpEnabled || !user.totpSecretEnc) return false;
  const step = verifyTotp(openTotpSecret(user.totpSecretEnc, user.id), code, user.totpLastStep);
  if (step === null) return false;
  return claimStep(db, user.id, step);
}

/** Stores `step` as spent unless an equal or later step was spent meanwhile (concurrent replay). */
export async function claimStep(db: Db, userId: string, step: number): Promise<boolean> {
  const won = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return won.length === 1;
}

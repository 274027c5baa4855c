// Sign-in challenge sessions (spec 1 §4.1, issue 3 §1): the ChallengeSession handed out with
// NEW_PASSWORD_REQUIRED / SOFTWARE_TOKEN_MFA / EMAIL_OTP / MFA_SETUP. A random token of which only
// the hash is stored; it lives 5 minutes and takes at most 5 answers.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authChallenges, users } from '../../db/schema';
import type { Challenge, MfaMethod } from '../../../lib/contracts/auth';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import { now } from '../../lib/clock';

export const CHALLENGE_TTL_SEC = 5 * 60;
export const CHALLENGE_MAX_ANSWERS = 5;

export type ChallengeRow = typeof authChallenges.$inferSelect;
type UserRow = typeof users.$inferSelect;

export const challengeExpired = () =>
  new AppError(401, 'error.auth.challengeExpired', 'Your sign-in has expired. Please sign in again.');

export async function createChallenge(db: Db, userId: string, kind: Challenge, method: MfaMethod | null = null): Promise<string> {
  const token = newToken(32);
  await db.insert(authChallenges).values({
    userId,
    kind,
    method,
    sessionHash: sha256(token),
    expiresAt: new Date(now().getTime() + CHALLENGE_TTL_SEC * 1000),
  });
  return token;
}

/**
 * The live challenge of `token` for `username`, with one answer counted. Unknown, used, expired,
 * exhausted or another user's token → error.auth.challengeExpired (the browser restarts sign-in).
 */
export async function answerChallenge(db: Db, username: string, token: string, kinds: Challenge[]): Promise<{ challenge: ChallengeRow; user: UserRow }> {
  const [hit] = await db
    .select({ challenge: authChallenges, user: users })
    .from(authChallenges)
    .innerJoin(users, eq(users.id, authChallenges.userId))
    .where(eq(authChallenges.sessionHash, sha256(token)))
    .limit(1);
  if (!hit || hit.user.email !== username.trim().toLowerCase() || !kinds.includes(hit.challenge.kind as Challenge)) throw challengeExpired();
  const c = hit.challenge;
  if (c.usedAt || c.expiresAt.getTime() <= now().getTime() || c.attempts >= CHALLENGE_MAX_ANSWERS) throw challengeExpired();
  await db.update(authChallenges).set({ attempts: c.attempts + 1 }).where(eq(authChallenges.id, c.id));
  return { challenge: { ...c, attempts: c.attempts + 1 }, user: hit.user };
}

export async function closeChallenge(db: Db, id: string): Promise<void> {
  await db.update(authChallenges).set({ usedAt: now() }).where(and(eq(authChallenges.id, id)));
}

// Lockout of issue 3 §6: after 5 consecutive failed sign-ins of an account from one address the
// pair is locked for 1 minute, doubling with every further failure up to 15 minutes. Locks
// expire on their own and are keyed by account + address, so an attacker elsewhere cannot lock
// the real user out for good (the per-account limit in rate-limit.ts caps the total).
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { now } from '../../lib/clock';

export const LOCKOUT = { freeFailures: 5, firstLockSec: 60, maxLockSec: 15 * 60 } as const;

export function lockKey(account: string, ip: string | null | undefined): string {
  return `lock:signin:${account.trim().toLowerCase()}:${ip ?? 'unknown'}`;
}

/** Lock length after `failures` consecutive failures (0 while under the free allowance). */
export function lockSeconds(failures: number): number {
  if (failures < LOCKOUT.freeFailures) return 0;
  return Math.min(LOCKOUT.maxLockSec, LOCKOUT.firstLockSec * 2 ** (failures - LOCKOUT.freeFailures));
}

const locked = (retryAfterSec: number) =>
  new AppError(429, 'error.auth.locked', 'Too many failed attempts. Please wait and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))),
  });

export async function assertNotLocked(db: Db, key: string): Promise<void> {
  const [row] = await db.select({ lockedUntil: rateLimits.lockedUntil }).from(rateLimits).where(eq(rateLimits.key, key)).limit(1);
  const t = now().getTime();
  if (row?.lockedUntil && row.lockedUntil.getTime() > t) throw locked((row.lockedUntil.getTime() - t) / 1000);
}

export async function recordFailure(db: Db, key: string): Promise<void> {
  const t = now();
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: t })
    .onConflictDoUpdate({ target: rateLimits.key, set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const sec = lockSeconds(row.count);
  if (sec > 0) await db.update(rateLimits).set({ lockedUntil: new Date(t.getTime() + sec * 1000) }).where(eq(rateLimits.key, key));
}

export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

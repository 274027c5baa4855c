// Rate limits of issue 3 §6: per account and per address on sign-in, code entry, forgot password,
// registration. Fixed windows counted in the rate_limits table (shared by every process; nothing
// in memory). Over the limit → 429 error.auth.rateLimited with Retry-After.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { now } from '../../lib/clock';
import { config } from '../../config';

export interface Limit {
  max: number;
  windowSec: number;
}

// One place for every limit. Account keys use the address as typed (lower-cased), so an unknown
// email is limited exactly like a known one (no account enumeration).
// Per-address limits count everyone behind one address (an office NAT, a test runner), so they
// scale with RATE_LIMIT_IP_SCALE; per-account limits never do.
const perIp = (max: number, windowSec: number): Limit => ({ max: Math.max(1, Math.round(max * config.rateLimitIpScale)), windowSec });

export const LIMITS = {
  signInIp: perIp(60, 600),
  /** Failed sign-ins of one account from all addresses (the per-IP lockout covers one address). */
  signInAccountFailures: { max: 20, windowSec: 900 },
  codeIp: perIp(60, 600),
  codeAccount: { max: 15, windowSec: 600 },
  emailResend: { max: 5, windowSec: 600 },
  forgotIp: perIp(10, 3600),
  forgotAccount: { max: 3, windowSec: 3600 },
  registerIp: perIp(10, 3600),
  registerAccount: { max: 3, windowSec: 3600 },
  emailChange: { max: 5, windowSec: 3600 },
} satisfies Record<string, Limit>;

export const rateLimited = (retryAfterSec: number) =>
  new AppError(429, 'error.auth.rateLimited', 'Too many attempts. Please wait and try again.', undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))),
  });

/** Counts one attempt against `key`; throws 429 when the window already holds `max`. */
export async function hit(db: Db, key: string, limit: Limit): Promise<void> {
  const t = now();
  const windowFloor = new Date(t.getTime() - limit.windowSec * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: t })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowFloor} THEN ${t} ELSE ${rateLimits.windowStart} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  if (row.count > limit.max) {
    throw rateLimited((row.windowStart.getTime() + limit.windowSec * 1000 - t.getTime()) / 1000);
  }
}

/** Throws 429 when `key` is already over its limit, without counting (checked before work). */
export async function check(db: Db, key: string, limit: Limit): Promise<void> {
  const t = now();
  const [row] = await db.select().from(rateLimits).where(sql`${rateLimits.key} = ${key}`).limit(1);
  if (!row) return;
  const ends = row.windowStart.getTime() + limit.windowSec * 1000;
  if (ends > t.getTime() && row.count >= limit.max) throw rateLimited((ends - t.getTime()) / 1000);
}

export function ipKey(area: string, ip: string | null | undefined): string {
  return `${area}:ip:${ip ?? 'unknown'}`;
}

export function accountKey(area: string, account: string): string {
  return `${area}:acct:${account.trim().toLowerCase()}`;
}

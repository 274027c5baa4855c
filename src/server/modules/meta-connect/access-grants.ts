// Shared links and partner tokens (spec 1 §2.5, §7): a partner user makes a one-time code, its
// holder turns it into a short-lived token that may only connect Meta assets to that partner.
// Codes and tokens are random; only their SHA-256 is stored (like sessions). A code is spent by
// one atomic UPDATE, so two browsers racing for it cannot both win.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { metaAccessGrants } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

export type GrantCodeKind = 'anonymous' | 'vendor';
export type GrantTokenKind = 'anonymous_token' | 'partner_token';

/** An anonymous link stays usable for a week (the asset owner may open it later); a vendor code is an OAuth-style hand-over. */
export const CODE_TTL_MS: Record<GrantCodeKind, number> = { anonymous: 7 * 24 * 3600 * 1000, vendor: 10 * 60 * 1000 };
/** Long enough for one Meta login and the asset choice, short enough to be worthless later. */
export const TOKEN_TTL_MS = 2 * 3600 * 1000;

export const invalidAuthCode = () => new AppError(401, 'error.auth.invalidAuthCode', 'This link is invalid, expired or was already used. Please ask for a new one.');
export const invalidAuthToken = () => new AppError(401, 'error.auth.invalidAuthToken', 'This session has expired. Please open the link you were sent again or ask for a new one.');

export async function createGrantCode(
  db: Db,
  input: { partnerId: number; userId: string | null; kind: GrantCodeKind; redirectUri?: string | null; now: Date },
): Promise<{ code: string; expiresAt: Date }> {
  const code = newToken(24);
  const expiresAt = new Date(input.now.getTime() + CODE_TTL_MS[input.kind]);
  await db.insert(metaAccessGrants).values({
    partnerId: input.partnerId,
    kind: input.kind === 'vendor' ? 'vendor_code' : 'anonymous_code',
    tokenHash: sha256(code),
    redirectUri: input.redirectUri ?? null,
    createdByUserId: input.userId,
    expiresAt,
  });
  return { code, expiresAt };
}

/**
 * Spends a code and makes the scoped token. A vendor code only works with the redirect_uri it
 * was made for. Unknown, spent, expired and mismatching codes all answer the same 401.
 */
export async function redeemGrantCode(
  db: Db,
  input: { code: string; kind: GrantCodeKind; redirectUri?: string; now: Date },
): Promise<{ token: string; expiresAt: Date; partnerId: number }> {
  const codeKind = input.kind === 'vendor' ? 'vendor_code' : 'anonymous_code';
  const conditions = [
    eq(metaAccessGrants.tokenHash, sha256(input.code)),
    eq(metaAccessGrants.kind, codeKind),
    isNull(metaAccessGrants.usedAt),
    gt(metaAccessGrants.expiresAt, input.now),
  ];
  if (input.kind === 'vendor') conditions.push(eq(metaAccessGrants.redirectUri, input.redirectUri ?? ''));
  const [spent] = await db
    .update(metaAccessGrants)
    .set({ usedAt: input.now })
    .where(and(...conditions))
    .returning({ id: metaAccessGrants.id, partnerId: metaAccessGrants.partnerId, redirectUri: metaAccessGrants.redirectUri });
  if (!spent) throw invalidAuthCode();
  const token = newToken(32);
  const expiresAt = new Date(input.now.getTime() + TOKEN_TTL_MS);
  await db.insert(metaAccessGrants).values({
    partnerId: spent.partnerId,
    kind: input.kind === 'vendor' ? 'partner_token' : 'anonymous_token',
    tokenHash: sha256(token),
    redirectUri: spent.redirectUri,
    parentId: spent.id,
    expiresAt,
  });
  return { token, expiresAt, partnerId: spent.partnerId };
}

/** The grant behind a token sent as X-Auth-Code or X-Partner-Token, if it is live. */
export async function resolveGrantToken(db: Db, token: string, kind: GrantTokenKind, now: Date): Promise<{ grantId: string; partnerId: number } | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({ id: metaAccessGrants.id, partnerId: metaAccessGrants.partnerId })
    .from(metaAccessGrants)
    .where(and(eq(metaAccessGrants.tokenHash, sha256(token)), eq(metaAccessGrants.kind, kind), gt(metaAccessGrants.expiresAt, now)))
    .limit(1);
  return row ? { grantId: row.id, partnerId: row.partnerId } : null;
}

/**
 * Housekeeping (daily, modules/meta-connect/purge-task.ts): grants past their expiry by a day are
 * of no use to anyone. The day's grace keeps a just-expired link answering the same 401 as a spent
 * one rather than vanishing mid-use. Returns how many rows went.
 */
export async function purgeExpiredGrants(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(metaAccessGrants)
    .where(sql`${metaAccessGrants.expiresAt} < ${new Date(now.getTime() - 24 * 3600 * 1000)}`)
    .returning({ id: metaAccessGrants.id });
  return gone.length;
}

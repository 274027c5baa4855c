// Session rows (issue 3 §3): one row per access token. The access token lives ACCESS_TOKEN_TTL_SEC
// (15 min); the refresh token of the same row renews it. Renewing writes a new row of the same
// family and ends the old one, so a refresh token works once: presenting a spent one again is
// reuse (a stolen copy), and the whole family ends. Only hashes of tokens are stored.
//
// Grace: two tabs or a retried request may present the same refresh token at once. Within
// REFRESH_REUSE_GRACE_MS of its renewal a spent token answers again with the SAME successor pair,
// as long as that successor is still unused. The successor's tokens are derived from the spent
// refresh token (HMAC under the server secret, crypto.derivedToken), so they can be handed out
// again without being stored in any readable form: the row keeps only their SHA-256 as always.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { derivedToken, newToken, sha256 } from '../../lib/crypto';
import { AppError, notFound } from '../../lib/errors';
import { config } from '../../config';
import { now, nowMs } from '../../lib/clock';

export type SessionRow = typeof sessions.$inferSelect;

export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export interface IssuedSession {
  session: SessionRow;
  accessToken: string;
  /** null for a restricted pre-MFA session (it cannot be renewed). */
  refreshToken: string | null;
}

export interface SessionOptions {
  mfaVerified?: boolean;
  /** Issue a refresh token (not for restricted pre-MFA sessions). */
  refresh?: boolean;
  familyId?: string;
  /** Absolute end of the family (kept across renewals). */
  refreshExpiresAt?: Date;
  /** When the user signed in (kept across renewals and privilege changes); now for a new sign-in. */
  signedInAt?: Date;
}

/**
 * When the sign-in ends as the server knows it: the family's absolute end (renewals never pass
 * it), or the access token's own expiry for a session without a refresh token (pre-MFA setup).
 */
export function sessionEndsAt(row: Pick<SessionRow, 'expiresAt' | 'refreshExpiresAt'>): Date {
  return row.refreshExpiresAt ?? row.expiresAt;
}

/** An access token never outlives its sign-in: at the family's end every token ends with it. */
function accessExpiry(fromMs: number, refreshExpiresAt: Date | null): Date {
  const ttlEnd = fromMs + config.accessTokenTtlSec * 1000;
  return new Date(refreshExpiresAt ? Math.min(ttlEnd, refreshExpiresAt.getTime()) : ttlEnd);
}

export async function createSession(db: Db, userId: string, partnerId: number | null, meta: ClientMeta, opts: SessionOptions = {}): Promise<IssuedSession> {
  const accessToken = newToken();
  const refreshToken = opts.refresh === false ? null : newToken();
  const t = nowMs();
  const refreshExpiresAt = refreshToken ? (opts.refreshExpiresAt ?? new Date(t + config.sessionTtlSec * 1000)) : null;
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      partnerId,
      tokenHash: sha256(accessToken),
      refreshHash: refreshToken ? sha256(refreshToken) : null,
      ...(opts.familyId ? { familyId: opts.familyId } : {}),
      expiresAt: accessExpiry(t, refreshExpiresAt),
      refreshExpiresAt,
      mfaVerified: opts.mfaVerified ?? false,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      createdAt: new Date(t),
      signedInAt: opts.signedInAt ?? new Date(t),
      lastSeenAt: new Date(t),
    })
    .returning();
  return { session: row, accessToken, refreshToken };
}

// lastSeenAt is written at most once a minute so reading a page stays a read.
const TOUCH_EVERY_MS = 60_000;

export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const t = now();
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, t)))
    .limit(1);
  if (row && t.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: t }).where(eq(sessions.id, row.id));
  }
  return row;
}

export async function getSession(db: Db, id: string): Promise<SessionRow | undefined> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row;
}

export async function setSessionPartner(db: Db, sessionId: string, partnerId: number): Promise<void> {
  await db.update(sessions).set({ partnerId }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: now() }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: now() }).where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user (password reset), or all but one family. */
export async function revokeUserSessions(db: Db, userId: string, exceptFamilyId?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptFamilyId ? sql`${sessions.familyId} <> ${exceptFamilyId}` : undefined));
}

/**
 * A new session id for the same sign-in at a privilege change (MFA passed or changed, password
 * changed, partner switched): the old token stops working at once (issue 3 §3, ASVS session
 * fixation). The new row gets a fresh refresh token and family expiry when it becomes verified.
 */
export async function replaceSession(db: Db, old: SessionRow, change: { partnerId?: number | null; mfaVerified?: boolean }, meta: ClientMeta): Promise<IssuedSession> {
  await revokeSession(db, old.id);
  const mfaVerified = change.mfaVerified ?? old.mfaVerified;
  const promoted = mfaVerified && !old.mfaVerified;
  return createSession(db, old.userId, change.partnerId !== undefined ? change.partnerId : old.partnerId, meta, {
    mfaVerified,
    familyId: old.familyId,
    refreshExpiresAt: promoted ? undefined : (old.refreshExpiresAt ?? undefined),
    signedInAt: old.signedInAt,
  });
}

export const refreshInvalid = () => new AppError(401, 'error.auth.refreshInvalid', 'Your session has ended. Please sign in again.');

/**
 * How long a spent refresh token still answers with its successor (concurrent renewals from
 * several tabs, a retry on a slow network). After that, presenting it again is reuse.
 */
export const REFRESH_REUSE_GRACE_MS = 30_000;

const refreshReused = () => new AppError(401, 'error.auth.refreshReused', 'This session was ended for your security. Please sign in again.');

/** The successor pair of a refresh token: the same for every renewal that presents it. */
function successorTokens(refreshToken: string): { accessToken: string; refreshToken: string } {
  return { accessToken: derivedToken('refresh-successor-access', refreshToken), refreshToken: derivedToken('refresh-successor-refresh', refreshToken) };
}

/**
 * Writes the successor row of `spent` (if no concurrent renewal wrote it first) and returns it
 * with its tokens while it is unused; null once it was renewed, revoked or signed out.
 */
async function successorOf(db: Db, spent: SessionRow, refreshToken: string, meta: ClientMeta): Promise<IssuedSession | null> {
  const tokens = successorTokens(refreshToken);
  const at = (spent.rotatedAt ?? now()).getTime();
  const values = {
    userId: spent.userId,
    partnerId: spent.partnerId,
    tokenHash: sha256(tokens.accessToken),
    refreshHash: sha256(tokens.refreshToken),
    familyId: spent.familyId,
    expiresAt: accessExpiry(at, spent.refreshExpiresAt),
    refreshExpiresAt: spent.refreshExpiresAt,
    mfaVerified: spent.mfaVerified,
    ip: meta.ip ?? spent.ip,
    userAgent: (meta.userAgent ?? spent.userAgent)?.slice(0, 400) ?? null,
    createdAt: new Date(at),
    signedInAt: spent.signedInAt,
    lastSeenAt: new Date(at),
  };
  // Unique token hashes make this idempotent: of concurrent renewals one inserts, all read it.
  const [inserted] = await db.insert(sessions).values(values).onConflictDoNothing().returning();
  const row = inserted ?? (await db.select().from(sessions).where(eq(sessions.tokenHash, values.tokenHash)).limit(1))[0];
  if (!row || row.revokedAt || row.familyId !== spent.familyId || row.refreshHash !== values.refreshHash) return null;
  return { session: row, ...tokens };
}

/**
 * POST /auth/refresh_token: spends `refreshToken` and returns the next session of its family.
 * Within the grace period the same token answers with the same (still unused) successor.
 */
export async function rotateRefresh(db: Db, refreshToken: string, meta: ClientMeta): Promise<IssuedSession> {
  let [row] = await db.select().from(sessions).where(eq(sessions.refreshHash, sha256(refreshToken))).limit(1);
  if (!row) throw refreshInvalid();
  if (!row.refreshExpiresAt || row.refreshExpiresAt.getTime() <= nowMs()) {
    if (!row.revokedAt) throw refreshInvalid();
  } else if (!row.revokedAt) {
    // Conditional update: of concurrent renewals with the same token exactly one spends it.
    const t = now();
    const [spent] = await db
      .update(sessions)
      .set({ revokedAt: t, rotatedAt: t })
      .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)))
      .returning();
    if (spent) {
      const next = await successorOf(db, spent, refreshToken, meta);
      if (next) return next;
    }
    [row] = await db.select().from(sessions).where(eq(sessions.id, row.id)).limit(1);
  }
  // A spent token: renewed moments ago (another tab, a retry) → the same successor pair.
  if (row.rotatedAt && nowMs() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS && row.refreshExpiresAt && row.refreshExpiresAt.getTime() > nowMs()) {
    const again = await successorOf(db, row, refreshToken, meta);
    if (again) return again;
  }
  // Otherwise someone holds a copy of a spent token: end the whole family (issue 3 §3).
  await revokeFamily(db, row.familyId);
  throw refreshReused();
}

/** The user's live sessions (one row per family: the current generation). */
export async function listSessions(db: Db, userId: string): Promise<SessionRow[]> {
  const t = now();
  return db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        or(gt(sessions.refreshExpiresAt, t), and(isNull(sessions.refreshExpiresAt), gt(sessions.expiresAt, t))),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
}

/** DELETE /auth/sessions/{id}: ends that sign-in (its family); another user's id is a 404. */
export async function endUserSession(db: Db, userId: string, sessionId: string): Promise<void> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!row) throw notFound('Session');
  await revokeFamily(db, row.familyId);
}

/** DELETE /auth/sessions: ends every other sign-in of the user; the current one stays. */
export async function endOtherSessions(db: Db, userId: string, currentSessionId: string): Promise<void> {
  const current = await getSession(db, currentSessionId);
  if (!current) throw new AppError(401, 'error.auth.unauthenticated', 'Not signed in or session expired');
  await revokeUserSessions(db, userId, current.familyId);
}

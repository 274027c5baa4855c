// Session rows (issue 3 §3): one row per access token. The access token lives ACCESS_TOKEN_TTL_SEC
// (15 min); the refresh token of the same row renews it. Renewing writes a new row of the same
// family and ends the old one, so a refresh token works once: presenting a spent one again is
// reuse (a stolen copy), and the whole family ends. Only hashes of tokens are stored.
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
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
}

export async function createSession(db: Db, userId: string, partnerId: number | null, meta: ClientMeta, opts: SessionOptions = {}): Promise<IssuedSession> {
  const accessToken = newToken();
  const refreshToken = opts.refresh === false ? null : newToken();
  const t = nowMs();
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      partnerId,
      tokenHash: sha256(accessToken),
      refreshHash: refreshToken ? sha256(refreshToken) : null,
      ...(opts.familyId ? { familyId: opts.familyId } : {}),
      expiresAt: new Date(t + config.accessTokenTtlSec * 1000),
      refreshExpiresAt: refreshToken ? (opts.refreshExpiresAt ?? new Date(t + config.sessionTtlSec * 1000)) : null,
      mfaVerified: opts.mfaVerified ?? false,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
      createdAt: new Date(t),
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
  });
}

export const refreshInvalid = () => new AppError(401, 'error.auth.refreshInvalid', 'Your session has ended. Please sign in again.');

/** POST /auth/refresh_token: spends `refreshToken` and returns the next session of its family. */
export async function rotateRefresh(db: Db, refreshToken: string, meta: ClientMeta): Promise<IssuedSession> {
  const [row] = await db.select().from(sessions).where(eq(sessions.refreshHash, sha256(refreshToken))).limit(1);
  if (!row) throw refreshInvalid();
  if (row.revokedAt) {
    // A spent refresh token came back: someone holds a copy. End the whole family (issue 3 §3).
    await revokeFamily(db, row.familyId);
    throw new AppError(401, 'error.auth.refreshReused', 'This session was ended for your security. Please sign in again.');
  }
  if (!row.refreshExpiresAt || row.refreshExpiresAt.getTime() <= nowMs()) throw refreshInvalid();
  // Conditional update: of two concurrent renewals with the same token only one wins.
  const spent = await db
    .update(sessions)
    .set({ revokedAt: now() })
    .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (spent.length === 0) {
    await revokeFamily(db, row.familyId);
    throw new AppError(401, 'error.auth.refreshReused', 'This session was ended for your security. Please sign in again.');
  }
  return createSession(db, row.userId, row.partnerId, { ip: meta.ip ?? row.ip, userAgent: meta.userAgent ?? row.userAgent }, {
    mfaVerified: row.mfaVerified,
    familyId: row.familyId,
    refreshExpiresAt: row.refreshExpiresAt,
  });
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

// Session rows: one per signed-in browser or bearer client. The raw token travels only in the
// cookie or Authorization header; the table holds its hash.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { config } from '../../config';

export type SessionRow = typeof sessions.$inferSelect;

export interface ClientMeta {
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(db: Db, userId: string, partnerId: number | null, meta: ClientMeta, mfaVerified = false) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.sessionTtlSec * 1000);
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      partnerId,
      tokenHash: sha256(token),
      expiresAt,
      mfaVerified,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 400) ?? null,
    })
    .returning();
  return { token, session: row };
}

// lastSeenAt is written at most once a minute so reading a page stays a read.
const TOUCH_EVERY_MS = 60_000;

export async function findSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, sha256(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  if (row && Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, row.id));
  }
  return row;
}

export async function setSessionPartner(db: Db, sessionId: string, partnerId: number): Promise<void> {
  await db.update(sessions).set({ partnerId }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

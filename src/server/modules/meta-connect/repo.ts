// Queries of the connection tables. Every function takes the partner id and filters by it
// (ARCHITECTURE §3 Tenancy); rows of another partner are simply not found.
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { metaAssets, metaAssetUsers, metaConnections } from '../../db/schema';
import type { TokenType } from '../../../lib/contracts/meta-connect';
import type { AssetRowInput } from './asset-rows';

export type ConnectionRow = typeof metaConnections.$inferSelect;
export type AssetRow = typeof metaAssets.$inferSelect;

export async function listConnections(db: Db, partnerId: number): Promise<ConnectionRow[]> {
  return db.select().from(metaConnections).where(eq(metaConnections.partnerId, partnerId)).orderBy(asc(metaConnections.tokenType), asc(metaConnections.createdAt));
}

export async function findConnection(db: Db, partnerId: number, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(metaConnections).where(and(eq(metaConnections.partnerId, partnerId), eq(metaConnections.id, id))).limit(1);
  return row;
}

export async function upsertConnection(
  db: Db,
  v: { partnerId: number; tokenType: TokenType; platformUserId: string; platformUserName: string; sealedToken: string; expiresAt: Date | null; ownerActor: string; now: Date },
): Promise<ConnectionRow> {
  const [row] = await db
    .insert(metaConnections)
    .values({ ...v, status: 'active', updatedAt: v.now, createdAt: v.now })
    .onConflictDoUpdate({
      target: [metaConnections.partnerId, metaConnections.tokenType, metaConnections.platformUserId],
      set: { platformUserName: v.platformUserName, sealedToken: v.sealedToken, expiresAt: v.expiresAt, ownerActor: v.ownerActor, status: 'active', updatedAt: v.now },
    })
    .returning();
  return row!;
}

export async function markConnectionInvalid(db: Db, partnerId: number, id: string): Promise<void> {
  await db.update(metaConnections).set({ status: 'invalid', updatedAt: new Date() }).where(and(eq(metaConnections.partnerId, partnerId), eq(metaConnections.id, id)));
}

export async function deleteConnection(db: Db, partnerId: number, tokenType: TokenType, platformUserId: string): Promise<boolean> {
  const gone = await db
    .delete(metaConnections)
    .where(and(eq(metaConnections.partnerId, partnerId), eq(metaConnections.tokenType, tokenType), eq(metaConnections.platformUserId, platformUserId)))
    .returning({ id: metaConnections.id });
  return gone.length > 0;
}

/**
 * Replaces what a connection reaches with Meta's current answer. A new asset starts enabled when
 * its user may use it; a known one keeps the partner's choice.
 */
export async function syncConnectionAssets(db: Db, partnerId: number, connectionId: string, assets: AssetRowInput[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // Lock the partner's existing assets in id order first, as the required-page toggle does, so
    // a sync and a toggle at the same moment queue instead of deadlocking on rows taken in
    // another order by the upserts below.
    await tx.execute(sql`SELECT id FROM meta_assets WHERE partner_id = ${partnerId} ORDER BY id FOR UPDATE`);
    await tx.delete(metaAssetUsers).where(and(eq(metaAssetUsers.partnerId, partnerId), eq(metaAssetUsers.connectionId, connectionId)));
    for (const a of assets) {
      const [row] = await tx
        .insert(metaAssets)
        .values({ partnerId, key: a.key, assetId: a.assetId, label: a.label, currency: a.currency, connectedAssets: a.connectedAssets, isEnabled: a.permitted, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [metaAssets.partnerId, metaAssets.key, metaAssets.assetId],
          set: { label: a.label, currency: a.currency, connectedAssets: a.connectedAssets, updatedAt: now },
        })
        .returning({ id: metaAssets.id });
      await tx.insert(metaAssetUsers).values({ assetRowId: row!.id, connectionId, partnerId, permitted: a.permitted });
    }
  });
}

export interface AssetWithUsers extends AssetRow {
  users: { connectionId: string; tokenType: TokenType; platformUserId: string; platformUserName: string; ownerActor: string; permitted: boolean }[];
}

export async function listAssets(db: Db, partnerId: number, ids?: string[]): Promise<AssetWithUsers[]> {
  const where = ids ? and(eq(metaAssets.partnerId, partnerId), inArray(metaAssets.id, ids.length ? ids : ['00000000-0000-0000-0000-000000000000'])) : eq(metaAssets.partnerId, partnerId);
  const assets = await db.select().from(metaAssets).where(where).orderBy(asc(metaAssets.label), asc(metaAssets.assetId));
  if (!assets.length) return [];
  const links = await db
    .select({
      assetRowId: metaAssetUsers.assetRowId,
      connectionId: metaConnections.id,
      tokenType: metaConnections.tokenType,
      platformUserId: metaConnections.platformUserId,
      platformUserName: metaConnections.platformUserName,
      ownerActor: metaConnections.ownerActor,
      permitted: metaAssetUsers.permitted,
    })
    .from(metaAssetUsers)
    .innerJoin(metaConnections, and(eq(metaConnections.id, metaAssetUsers.connectionId), eq(metaConnections.partnerId, partnerId)))
    .where(and(eq(metaAssetUsers.partnerId, partnerId), inArray(metaAssetUsers.assetRowId, assets.map((a) => a.id))));
  return assets.map((a) => ({ ...a, users: links.filter((l) => l.assetRowId === a.id) }));
}

export async function setAssetEnabled(db: Db, partnerId: number, id: string, enabled: boolean, now: Date): Promise<void> {
  await db.update(metaAssets).set({ isEnabled: enabled, updatedAt: now }).where(and(eq(metaAssets.partnerId, partnerId), eq(metaAssets.id, id)));
}

/**
 * Switches an asset off unless it is the partner's last reachable enabled page (spec 1 §4.5).
 *
 * "Reachable" means: a connection of the partner that is live (status 'active', not past its
 * expiry) reaches the page with permission to use it (meta_asset_users.permitted). Only such a
 * page can carry a campaign, so an enabled page that no live login reaches any more does not
 * count as "another page", and switching such a dead page off is always allowed.
 *
 * One statement, so two requests switching off the last two pages at the same moment cannot both
 * win: the CTE locks every page row of the partner (FOR UPDATE, in id order so two of these never
 * deadlock each other) and count(*) reads them all. The second request waits for the first to
 * commit and then counts the rows as they are after it (PostgreSQL hands FOR UPDATE the newest
 * version of a row it had to wait for), finds no other enabled page and changes nothing.
 */
export async function disableUnlessLastRequired(db: Db, partnerId: number, id: string, requiredKey: string, now: Date): Promise<boolean> {
  const reachable = (assetId: SQL) => sql`EXISTS (
    SELECT 1 FROM meta_asset_users u JOIN meta_connections c ON c.id = u.connection_id AND c.partner_id = ${partnerId}
    WHERE u.asset_row_id = ${assetId} AND u.partner_id = ${partnerId} AND u.permitted
      AND c.status = 'active' AND (c.expires_at IS NULL OR c.expires_at > ${now.toISOString()}::timestamptz))`;
  const res = await rows<{ id: string }>(
    db,
    sql`WITH pages AS (
          SELECT p.id, p.is_enabled FROM meta_assets p WHERE p.partner_id = ${partnerId} AND p.key = ${requiredKey} ORDER BY p.id FOR UPDATE
        )
        UPDATE meta_assets a SET is_enabled = false, updated_at = ${now.toISOString()}::timestamptz
        WHERE a.partner_id = ${partnerId} AND a.id = ${id}
          AND (a.key <> ${requiredKey}
            OR NOT ${reachable(sql`a.id`)}
            OR (SELECT count(*) FROM pages o WHERE o.is_enabled AND o.id <> ${id} AND ${reachable(sql`o.id`)}) > 0)
        RETURNING a.id`,
  );
  return res.length > 0;
}

// setup_processes rows (migration 0015). Every query names the partner (ARCHITECTURE §3 Tenancy).
// "Live" is created or synced: at most one per partner and event (partial unique index).
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { setupProcesses } from '../../db/schema';

export type SetupRow = typeof setupProcesses.$inferSelect;
export type SetupInsert = typeof setupProcesses.$inferInsert;
export type SetupPatch = Partial<Omit<SetupInsert, 'id' | 'partnerId' | 'eventId' | 'createdAt' | 'createdBy'>>;

export const LIVE_STATUSES = ['created', 'synced'] as const;

export async function findLive(db: Db, partnerId: number, eventId: string): Promise<SetupRow | undefined> {
  const [row] = await db
    .select()
    .from(setupProcesses)
    .where(and(eq(setupProcesses.partnerId, partnerId), eq(setupProcesses.eventId, eventId), inArray(setupProcesses.status, [...LIVE_STATUSES])))
    .limit(1);
  return row;
}

/** The event's newest setup whatever its status (a published one answers PUT with 409). */
export async function findLatest(db: Db, partnerId: number, eventId: string): Promise<SetupRow | undefined> {
  const [row] = await db
    .select()
    .from(setupProcesses)
    .where(and(eq(setupProcesses.partnerId, partnerId), eq(setupProcesses.eventId, eventId)))
    .orderBy(desc(setupProcesses.createdAt))
    .limit(1);
  return row;
}

export async function findById(db: Db, partnerId: number, id: string): Promise<SetupRow | undefined> {
  const [row] = await db.select().from(setupProcesses).where(and(eq(setupProcesses.partnerId, partnerId), eq(setupProcesses.id, id))).limit(1);
  return row;
}

export async function insertSetup(db: Db, values: SetupInsert): Promise<SetupRow> {
  const [row] = await db.insert(setupProcesses).values(values).returning();
  return row!;
}

/**
 * Updates a live setup and counts its version up; undefined when it is no longer live (published or
 * cancelled meanwhile) or, given `version`, when another write came first (compare-and-set in one
 * statement, so two PUTs on one version cannot both pass).
 */
export async function updateLive(db: Db, partnerId: number, id: string, patch: SetupPatch, version?: number): Promise<SetupRow | undefined> {
  const [row] = await db
    .update(setupProcesses)
    .set({ ...patch, version: sql`${setupProcesses.version} + 1` })
    .where(
      and(
        eq(setupProcesses.partnerId, partnerId),
        eq(setupProcesses.id, id),
        inArray(setupProcesses.status, [...LIVE_STATUSES]),
        version !== undefined ? eq(setupProcesses.version, version) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function updateById(db: Db, partnerId: number, id: string, patch: SetupPatch): Promise<void> {
  await db.update(setupProcesses).set(patch).where(and(eq(setupProcesses.partnerId, partnerId), eq(setupProcesses.id, id)));
}

export async function deleteSetup(db: Db, partnerId: number, id: string): Promise<void> {
  await db.delete(setupProcesses).where(and(eq(setupProcesses.partnerId, partnerId), eq(setupProcesses.id, id)));
}

// The demo dataset: accounts (./accounts) and each partner's catalogue of venues, events,
// customers and ticket sales (./catalog). Deterministic for a given day: the random streams come
// from a fixed seed and dates are laid out relative to the start of today (UTC) by the server's
// clock (src/server/lib/clock.ts), so ENCORE_NOW moves the whole catalogue with it.
import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { partners } from '../db/schema';
import { DEMO_PARTNERS, seedAccounts } from './accounts';
import { seedCatalog } from './catalog';
import { recomputeForecasts } from '../modules/forecast/recompute';
import { deliverDemoCampaigns, seedCampaigns } from './campaigns';
import { packageBuilderPartners, seedDemoPackages } from './packages';
import { now as clockNow, nowMs } from '../lib/clock';

export type SeedScale = 'demo' | 'bench';
export const SEED_KEY = 'encore-2026';

export interface SeedReport {
  seeded: boolean;
  scale: SeedScale;
  ms: number;
  counts: Record<string, number>;
}

export function startOfTodayUtc(now = clockNow()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** Seeds when the database holds no partner yet; all-or-nothing (one transaction). */
export async function seedIfEmpty(db: Db, scale: SeedScale = 'demo', now = startOfTodayUtc()): Promise<SeedReport> {
  const started = Date.now();
  const counts: Record<string, number> = {};
  const seeded = await db.transaction(async (tx) => {
    // Two processes starting together on one server database must not both seed.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7316001)`);
    const [{ n }] = await tx.select({ n: count() }).from(partners);
    if (n > 0) return false;
    await seedAccounts(tx as unknown as Db);
    for (const p of DEMO_PARTNERS) {
      const c = await seedCatalog(tx as unknown as Db, { id: p.id, currency: p.currency, language: p.language, product: p.product }, { scale, now, seedKey: SEED_KEY });
      for (const [k, v] of Object.entries(c)) counts[k] = (counts[k] ?? 0) + v;
      counts.campaigns = (counts.campaigns ?? 0) + (await seedCampaigns(tx as unknown as Db, p, { now, seedKey: SEED_KEY }));
    }
    return true;
  });
  if (seeded) {
    // The demo opens on forecasts, not on an empty queue: compute them now. Sales run up to
    // `now`; a seed of today is forecast as of this moment, one of another day as of that day.
    const at = now.getTime() === startOfTodayUtc().getTime() ? nowMs() : now.getTime();
    // The campaigns deliver first (their tickets are sales the forecasts must see).
    counts.campaignTickets = 0;
    for (const p of DEMO_PARTNERS) counts.campaignTickets += await deliverDemoCampaigns(db, p.id, at);
    counts.forecasts = 0;
    for (const p of DEMO_PARTNERS) counts.forecasts += (await recomputeForecasts(db, p.id, { nowMs: at })).events;
    // Fresh planner statistics: without them the planner takes every table for a handful of rows
    // (PGlite has no autovacuum to gather them), and list and chart queries pick poor plans.
    await db.execute(sql`ANALYZE`);
    // Issue 23: done packages to look at on /package-builder (after ANALYZE: the build's queries
    // plan on the statistics).
    counts.packages = 0;
    for (const partnerId of await packageBuilderPartners(db)) counts.packages += await seedDemoPackages(db, partnerId, at);
  }
  return { seeded, scale, ms: Date.now() - started, counts };
}

// One ITC run as the worker executes it: load the partner's customers and the event, run the
// engine (yielding to the event loop between its steps, with progress on the task), store.
import { sql } from 'drizzle-orm';
import { setImmediate as nextTick } from 'node:timers/promises';
import { rows, type Db } from '../../db/client';
import { MIN_CUSTOMERS, runTasteClustersAsync, type ClusterStep } from '../../engines/taste-clusters';
import { nowMs as clockNowMs } from '../../lib/clock';
import { PermanentTaskError } from '../tasks/registry';
import { eventBuyers, loadCustomerAggregates, loadEvent } from './load';
import { previousClusters, saveRunResult } from './store';

export interface ItcRunRequest {
  partnerId: number;
  eventId: string;
  runId: number;
}

export interface ItcProgress {
  stage: string;
  percent: number;
}

/** Share of the run's time before each stage, for the status box (loading is about a fifth). */
function percentOf(step: ClusterStep): number {
  switch (step.stage) {
    case 'features': return 20;
    case 'choose_k': return Math.round(25 + (60 * step.done) / Math.max(1, step.total));
    case 'refine': return 85;
    default: return 90;
  }
}

export async function executeItcRun(
  db: Db,
  req: ItcRunRequest,
  progress: (p: ItcProgress) => Promise<void> = async () => {},
  opts: { nowMs?: number } = {},
) {
  const [run] = await rows<{ seed: number; language: string }>(db, sql`
    SELECT r.seed, p.language FROM taste_cluster_runs r JOIN partners p ON p.id = r.partner_id
    WHERE r.id = ${req.runId} AND r.partner_id = ${req.partnerId} AND r.event_id = ${req.eventId}`);
  if (!run) throw new PermanentTaskError(`ITC run ${req.runId} not found`);
  const nowMs = opts.nowMs ?? clockNowMs();

  await progress({ stage: 'loading', percent: 5 });
  await nextTick();
  const event = await loadEvent(db, req.partnerId, req.eventId);
  if (!event) throw new PermanentTaskError(`ITC run ${req.runId}: event ${req.eventId} is gone`);
  const customers = await loadCustomerAggregates(db, req.partnerId, run.language, nowMs);
  if (customers.length < MIN_CUSTOMERS) throw new PermanentTaskError(`ITC run ${req.runId}: ${customers.length} customers with purchases`);
  await nextTick();
  const bought = await eventBuyers(db, req.partnerId, req.eventId);
  await nextTick();
  const { previous, nextId } = await previousClusters(db, req.partnerId, req.runId);

  const result = await runTasteClustersAsync(customers, { nowMs, seed: run.seed, previous, nextId, event, boughtEvent: bought }, async (step) => {
    // One progress write per k tried and per stage: a handful of updates, never one per customer.
    if (!step.pause && (step.done === 0 || step.stage === 'choose_k')) await progress({ stage: step.stage, percent: percentOf(step) });
    await nextTick();
  });

  await progress({ stage: 'storing', percent: 95 });
  await saveRunResult(db, req.partnerId, req.runId, result);
  const c = result.clustering;
  return { tc_run_id: req.runId, k: c.k, customers: customers.length, silhouette: c.silhouette, separation: c.separation };
}

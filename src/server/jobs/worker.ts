// The worker loop: claim a task, run its handler, record the outcome. Runs inside the web
// process by default and as its own process via `npm run worker`.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { performance } from 'node:perf_hooks';
import { observeTask } from '../modules/metrics/registry';
import { claimTask, failAbandonedTasks, handBackTasks, heartbeat, HEARTBEAT_MS, setTaskState } from '../modules/tasks/repo';
import { listenForTasks } from '../modules/tasks/wake';
import { abandonedHandler, PermanentTaskError, taskHandler } from '../modules/tasks/registry';
import { dailyMaintenanceScheduler } from '../modules/tasks/maintenance';
import { TASK_FAILED, taskFailure } from '../modules/tasks/failure';
import '../modules/mail/outbox';
import '../modules/forecast/tasks';
import '../modules/taste-clusters/tasks';
import '../modules/notifications/notify';
import '../modules/history-import/task';
import '../modules/meta-connect/exchange-task';
import '../modules/setup-process/boost-task';
import '../modules/nlq/task';
import '../modules/integrations/export';
import '../modules/packages/jobs';
import '../modules/campaign-delivery/task';
import '../modules/campaign-delivery/runtime-budget';
import '../modules/campaign-delivery/status';
import { nightlyScheduler } from '../modules/forecast/nightly';

export interface WorkerOptions {
  /** The poll while idle: the fallback, since a queued task wakes the worker (tasks/wake.ts). */
  idleDelayMs?: number;
  /** Wake when a task is queued (default on); off leaves only the poll. */
  listen?: boolean;
  /** Called each time the worker goes idle (tests wait for it instead of sleeping). */
  onIdle?: () => void;
  /** Queue the daily forecast runs and housekeeping when idle (default on). */
  nightly?: boolean;
  log?: (msg: string) => void;
}

/** A task's failure: the browser gets a code and a safe message (tasks/failure.ts), the log the rest. */
function errorResult(task: { id: string; kind: string }, err: unknown, retry: boolean) {
  const failure = taskFailure(err);
  if (failure === TASK_FAILED) console.error(`[worker] task ${task.id} (${task.kind}) failed${retry ? ', will retry' : ''}:`, err);
  return failure;
}

/** Ends stale tasks without attempts left and lets their modules tidy up (a failed hook is logged). */
async function endAbandoned(db: Db): Promise<void> {
  for (const t of await failAbandonedTasks(db)) {
    console.error(`[worker] task ${t.id} (${t.kind}) was interrupted with no attempt left: FAILURE`);
    try {
      await abandonedHandler(t.kind)?.({ id: t.id, payload: t.payload, partnerId: t.partner_id }, db);
    } catch (err) {
      console.error(`[worker] tidying up interrupted task ${t.id} failed:`, err);
    }
  }
}

/**
 * Renews the task's lock every HEARTBEAT_MS while it runs. Each beat waits for the last, so a slow
 * database never piles them up; a failed beat is only logged (the next one tries again).
 */
function keepAlive(db: Db, taskId: string, workerId: string): () => void {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const beat = () => {
    timer = setTimeout(async () => {
      // A handed-back task belongs to the next claim: a late beat would hide it for another 30 s.
      if (handedBack.has(workerId)) return;
      try {
        await heartbeat(db, taskId, workerId);
      } catch (err) {
        console.error(`[worker] heartbeat of task ${taskId} failed:`, (err as Error).message);
      }
      if (!stopped) beat();
    }, HEARTBEAT_MS);
    timer.unref?.();
  };
  beat();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}

/** Runs one claimed task if there is one; returns whether it did. */
export async function runOnce(db: Db, workerId: string): Promise<boolean> {
  await endAbandoned(db);
  const task = await claimTask(db, workerId);
  if (!task) return false;
  const handler = taskHandler(task.kind);
  if (!handler) {
    console.error(`[worker] task ${task.id}: no handler for task kind ${task.kind}`);
    await setTaskState(db, task.id, 'FAILURE', TASK_FAILED);
    return true;
  }
  const stopBeating = keepAlive(db, task.id, workerId);
  const t0 = performance.now();
  const took = () => (performance.now() - t0) / 1000;
  try {
    const result = await handler(task.payload, {
      db,
      taskId: task.id,
      partnerId: task.partner_id,
      userId: task.user_id,
      attempt: task.attempts,
      progress: (info) => setTaskState(db, task.id, 'PROGRESS', info),
    });
    await setTaskState(db, task.id, 'SUCCESS', result ?? null);
    observeTask(task.kind, 'success', took());
  } catch (err) {
    const retry = !(err instanceof PermanentTaskError) && task.attempts < task.max_attempts;
    observeTask(task.kind, retry ? 'retry' : 'failure', took());
    // Back off 2^attempt seconds between tries.
    const runAfter = new Date(Date.now() + 2 ** task.attempts * 1000);
    await setTaskState(db, task.id, retry ? 'RETRY' : 'FAILURE', errorResult(task, err, retry), { runAfter });
  } finally {
    stopBeating();
  }
  return true;
}

/** Workers of this process that handed their running tasks back while stopping. */
const handedBack = new Set<string>();

export interface RunningWorker {
  /** Resolves once the worker listens for queued tasks. */
  ready: Promise<void>;
  /**
   * Takes no new task and waits for the running one. With `graceMs`, a task still running after
   * that long is handed back (handBackTasks) for another worker, or the next start, to take over;
   * the answer names the handed-back tasks.
   */
  stop: (opts?: { graceMs?: number }) => Promise<{ handedBack: string[] }>;
}

export function startWorker(db: Db, opts: WorkerOptions = {}): RunningWorker {
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const idle = opts.idleDelayMs ?? 1000;
  let running = true;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  // A task queued while the worker is busy (claiming, scheduling) must not wait for the poll
  // either: the flag keeps the wake-up until the worker would go to sleep.
  let queued = false;
  const onQueued = () => {
    queued = true;
    wake?.();
  };
  const listener = opts.listen === false ? null : listenForTasks(db, onQueued, opts.log);
  const nightly = opts.nightly === false ? null : nightlyScheduler(db);
  const maintenance = opts.nightly === false ? null : dailyMaintenanceScheduler(db);
  const loop = (async () => {
    while (running) {
      queued = false;
      let worked = false;
      try {
        worked = await runOnce(db, workerId);
      } catch (err) {
        opts.log?.(`[worker] claim failed: ${(err as Error).message}`);
      }
      if (!worked && nightly) {
        try {
          await nightly();
        } catch (err) {
          opts.log?.(`[worker] nightly scheduling failed: ${(err as Error).message}`);
        }
      }
      if (!worked && maintenance) {
        try {
          await maintenance();
        } catch (err) {
          opts.log?.(`[worker] maintenance scheduling failed: ${(err as Error).message}`);
        }
      }
      if (!worked && running && !queued) {
        await new Promise<void>((resolve) => {
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
          timer = setTimeout(resolve, idle);
          opts.onIdle?.();
        });
        wake = undefined;
      }
    }
  })();
  return {
    ready: listener?.ready ?? Promise.resolve(),
    stop: async ({ graceMs } = {}) => {
      running = false;
      wake?.();
      let late: string[] = [];
      if (graceMs === undefined) await loop;
      else {
        let deadline: NodeJS.Timeout | undefined;
        const finished = await Promise.race([
          loop.then(() => true),
          new Promise<false>((resolve) => (deadline = setTimeout(() => resolve(false), graceMs))),
        ]);
        clearTimeout(deadline);
        if (!finished) {
          handedBack.add(workerId);
          late = await handBackTasks(db, workerId);
        }
      }
      await listener?.close();
      return { handedBack: late };
    },
  };
}

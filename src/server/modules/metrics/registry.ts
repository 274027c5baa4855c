// Metrics in the Prometheus text format (issue 24 §3, prom-client): requests by route and status
// with their durations, the task queue's depth and age by kind, task durations and outcomes, the
// database pool, and the process's own (CPU, memory, event-loop lag). Served only on a port of
// their own when METRICS_PORT is set (./server.ts), on 127.0.0.1 unless METRICS_HOST says
// otherwise: never on the public port, never by default.
import client from 'prom-client';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';

export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'encore_' });

const httpRequests = new client.Counter({
  name: 'encore_http_requests_total',
  help: 'Answered HTTP requests by method, route and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const httpDuration = new client.Histogram({
  name: 'encore_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});
const taskDuration = new client.Histogram({
  name: 'encore_task_duration_seconds',
  help: 'Time a task run took, by kind and outcome (success, retry, failure).',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [registry],
});
const taskRuns = new client.Counter({
  name: 'encore_task_runs_total',
  help: 'Task runs by kind and outcome (success, retry, failure).',
  labelNames: ['kind', 'outcome'] as const,
  registers: [registry],
});

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** A path segment that names one thing (an id, a uuid, a token, a slug with digits): one label for all. */
const ID_SEGMENT = /^(\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,}|.*\d.*-.*|.*-.*\d.*)$/i;

/**
 * The route label of a request: ids folded into `:id`, static assets into one label, and a request
 * nothing answered (404) into `unmatched` — a scanner's random paths must not grow the series.
 */
export function routeLabel(path: string, status: number): string {
  if (status === 404) return 'unmatched';
  if (path.startsWith('/_astro/')) return '/_astro/*';
  if (path.startsWith('/locales/')) return '/locales/*';
  const segments = path.split('/').slice(0, 8).map((s) => (s && ID_SEGMENT.test(s) ? ':id' : s));
  return segments.join('/').slice(0, 120) || '/';
}

export function observeRequest(method: string | undefined, path: string, status: number, seconds: number): void {
  const m = method && METHODS.has(method) ? method : 'OTHER';
  const route = routeLabel(path, status);
  httpRequests.inc({ method: m, route, status: String(status) });
  httpDuration.observe({ method: m, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
}

export type TaskOutcome = 'success' | 'retry' | 'failure';
export function observeTask(kind: string, outcome: TaskOutcome, seconds: number): void {
  taskRuns.inc({ kind, outcome });
  taskDuration.observe({ kind, outcome }, seconds);
}

/** The queue and the pool are read when scraped: a gauge per kind and state, and the oldest due task's age. */
export function registerDatabaseMetrics(handle: () => Promise<{ db: Db; pool?: { totalCount: number; idleCount: number; waitingCount: number } }>): void {
  registry.removeSingleMetric('encore_tasks');
  registry.removeSingleMetric('encore_task_oldest_due_seconds');
  registry.removeSingleMetric('encore_db_pool_connections');
  new client.Gauge({
    name: 'encore_tasks',
    help: 'Tasks waiting (PENDING, RETRY due) or running (STARTED, PROGRESS), by kind and state.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { db } = await handle();
      const r = await rows<{ kind: string; status: string; n: string | number }>(db, sql`
        SELECT kind, status, count(*) AS n FROM tasks
        WHERE status IN ('STARTED', 'PROGRESS') OR (status IN ('PENDING', 'RETRY') AND run_after <= now())
        GROUP BY kind, status`);
      for (const x of r) this.set({ kind: x.kind, state: x.status.toLowerCase() }, Number(x.n));
    },
  });
  new client.Gauge({
    name: 'encore_task_oldest_due_seconds',
    help: 'How long the oldest due, unclaimed task has waited, by kind.',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { db } = await handle();
      const r = await rows<{ kind: string; age: string | number }>(db, sql`
        SELECT kind, extract(epoch FROM now() - min(run_after)) AS age FROM tasks
        WHERE status IN ('PENDING', 'RETRY') AND run_after <= now() GROUP BY kind`);
      for (const x of r) this.set({ kind: x.kind }, Math.max(0, Number(x.age)));
    },
  });
  new client.Gauge({
    name: 'encore_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting clients); absent on the embedded database.',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { pool } = await handle();
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

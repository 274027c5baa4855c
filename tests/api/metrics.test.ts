// Metrics (issue 24 §3, src/server/modules/metrics/): served on their own port only, in the
// Prometheus text format; requests counted by route (ids folded, unknown paths in one label) and
// status; task runs by kind and outcome; the queue's depth and age read from the database.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { createHttpServer } from '../../src/server/http/serve';
import { enqueueTask } from '../../src/server/modules/tasks/repo';
import { registerTask } from '../../src/server/modules/tasks/registry';
import { runOnce } from '../../src/server/jobs/worker';
import { registerDatabaseMetrics, routeLabel } from '../../src/server/modules/metrics/registry';
import { metricsSettings, startMetricsServer } from '../../src/server/modules/metrics/server';

let t: TestDb;
let app: http.Server;
let metrics: http.Server;
let appUrl = '';
let metricsUrl = '';

beforeAll(async () => {
  t = await createTestDb();
  registerDatabaseMetrics(async () => ({ db: t.db, pool: { totalCount: 3, idleCount: 2, waitingCount: 0 } }));
  app = createHttpServer((req, res) => {
    if (req.url?.startsWith('/api/v3/events/')) res.writeHead(200).end('{}');
    else res.writeHead(404).end('no');
  });
  await new Promise<void>((r) => app.listen(0, '127.0.0.1', r));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  metrics = await startMetricsServer({ port: 0, host: '127.0.0.1' });
  metricsUrl = `http://127.0.0.1:${(metrics.address() as AddressInfo).port}`;
});
afterAll(async () => {
  app.close();
  metrics.close();
  await t.close();
});

const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
const value = (text: string, series: string): number | undefined => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  it('folds ids and unknown paths into few route labels', () => {
    expect(routeLabel('/api/v3/events/123/fb_insights', 200)).toBe('/api/v3/events/:id/fb_insights');
    expect(routeLabel('/package-builder/results/17/rock-am-fluss-2026', 200)).toBe('/package-builder/results/:id/:id');
    expect(routeLabel('/api/v3/tasks/0b8e3c1e-8f1a-4c2e-9d3b-2a1f0e9c8d7b', 200)).toBe('/api/v3/tasks/:id');
    expect(routeLabel('/_astro/client.Bx3k9.js', 200)).toBe('/_astro/*');
    expect(routeLabel('/wp-admin/setup-config.php', 404)).toBe('unmatched');
    expect(routeLabel('/update-sales', 200)).toBe('/update-sales');
  });

  it('counts requests by route and status, with durations', async () => {
    for (const id of [1, 2, 3]) await fetch(`${appUrl}/api/v3/events/${id}`);
    await fetch(`${appUrl}/nothing/here?token=x`);
    const text = await scrape();
    expect(value(text, 'encore_http_requests_total{method="GET",route="/api/v3/events/:id",status="200"}')).toBe(3);
    expect(value(text, 'encore_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(value(text, 'encore_http_request_duration_seconds_count{method="GET",route="/api/v3/events/:id",status_class="2xx"}')).toBe(3);
    expect(text).not.toContain('token=x');
    // The process's own metrics come along.
    expect(text).toMatch(/^encore_process_cpu_user_seconds_total \d/m);
  });

  it('reports the queue by kind and state, the oldest due task, task runs by outcome, and the pool', async () => {
    registerTask('test.metrics.ok', async () => ({ ok: true }));
    registerTask('test.metrics.bad', async () => {
      throw new Error('nope');
    });
    await enqueueTask(t.db, { kind: 'test.metrics.wait', runAfter: new Date(Date.now() - 90_000) });
    await enqueueTask(t.db, { kind: 'test.metrics.wait', runAfter: new Date(Date.now() - 30_000) });
    // Not due yet: not counted as waiting.
    await enqueueTask(t.db, { kind: 'test.metrics.wait', runAfter: new Date(Date.now() + 3_600_000) });
    let text = await scrape();
    expect(value(text, 'encore_tasks{kind="test.metrics.wait",state="pending"}')).toBe(2);
    expect(value(text, 'encore_task_oldest_due_seconds{kind="test.metrics.wait"}')).toBeGreaterThanOrEqual(89);
    expect(value(text, 'encore_db_pool_connections{state="idle"}')).toBe(2);

    // Run the two kinds (the waiting ones have no handler: they fail too, which is fine here).
    await enqueueTask(t.db, { kind: 'test.metrics.ok' });
    await enqueueTask(t.db, { kind: 'test.metrics.bad', maxAttempts: 1 });
    while (await runOnce(t.db, 'metrics-worker'));
    text = await scrape();
    expect(value(text, 'encore_task_runs_total{kind="test.metrics.ok",outcome="success"}')).toBe(1);
    expect(value(text, 'encore_task_runs_total{kind="test.metrics.bad",outcome="failure"}')).toBe(1);
    expect(value(text, 'encore_task_duration_seconds_count{kind="test.metrics.ok",outcome="success"}')).toBe(1);
    expect(value(text, 'encore_tasks{kind="test.metrics.wait",state="pending"}')).toBeUndefined();
  });

  it('answers only GET /metrics, and is off unless METRICS_PORT is set', async () => {
    expect((await fetch(`${metricsUrl}/`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(404);
    expect(metricsSettings({})).toBeNull();
    expect(metricsSettings({ METRICS_PORT: '9464' })).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(metricsSettings({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toEqual({ port: 9464, host: '0.0.0.0' });
    for (const bad of ['x', '70000', '-1', '1.5']) expect(() => metricsSettings({ METRICS_PORT: bad })).toThrow(/METRICS_PORT/);
  });
});

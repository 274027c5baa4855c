// Issue 22, spec 2 §4 "Campaign status" and §7 "Event-level" on the seeded demo: pausing and
// resuming an event's published campaign and switching its optimisation, each as a task; the
// task lookup; every refusal (ended, not published, no Meta connection, a change still running,
// bad values, another partner's event, no wave); and a paused campaign delivering nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { connectAssets } from '../helpers/setup-fixture';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { nowMs } from '../../src/server/lib/clock';
import { deliverCampaigns } from '../../src/server/modules/campaign-delivery/deliver';
import { statusTaskState } from '../../src/lib/campaigns/campaign-status-rules';
import type { StatusTask } from '../../src/lib/contracts/campaign-status';
import type { EventItem } from '../../src/lib/contracts/events';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
/** Two running campaigns of partner 1001: one to pause, one that keeps running beside it. */
let running: string;
let neighbour: string;
let ended: string;
let other: string;
let noCampaign: string;
const today = () => new Date(nowMs()).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  const active = await rows<{ event_id: string }>(t.db, sql`
    SELECT event_id FROM campaigns WHERE partner_id = 1001 GROUP BY event_id
    HAVING bool_and(status = 'ACTIVE') AND min(stop_time) > now() + interval '10 days' ORDER BY event_id LIMIT 2`);
  [running, neighbour] = active.map((r) => r.event_id) as [string, string];
  ended = (await rows<{ event_id: string }>(t.db, sql`
    SELECT event_id FROM campaigns WHERE partner_id = 1001 GROUP BY event_id HAVING max(stop_time) < now() ORDER BY event_id LIMIT 1`))[0]!.event_id;
  other = (await rows<{ event_id: string }>(t.db, sql`SELECT event_id FROM campaigns WHERE partner_id = 1002 LIMIT 1`))[0]!.event_id;
  noCampaign = (await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events e WHERE partner_id = 1001 AND start_date_time > now() AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.event_id = e.id) LIMIT 1`))[0]!.id;
}, 300_000);
afterAll(() => t.close());

const enc = encodeURIComponent;
const setStatus = (id: string, value: string, token = admin) => api.request(`/api/v3/events/${enc(id)}/client_campaign_status?client_campaign_status=${enc(value)}`, { method: 'PUT', token });
const setOptimisation = (id: string, value: string, token = admin) =>
  api.request(`/api/v3/events/${enc(id)}/campaign_optimisation_status?campaign_optimisation_status=${enc(value)}`, { method: 'PUT', token });
const taskOf = (id: string, token = admin) => api.request(`/api/v3/events/${enc(id)}/client_campaign_status/task`, { token });
async function eventOf(id: string): Promise<EventItem> {
  const res = await api.request(`/api/v3/events/${enc(id)}`, { token: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as EventItem;
}
async function drain() {
  while (await runOnce(t.db, 'status-test')) {
    /* drain */
  }
}
const adSetStatuses = (id: string) => rows<{ status: string; optimisation_status: string }>(t.db, sql`SELECT status, optimisation_status FROM campaigns WHERE event_id = ${id} ORDER BY id`);
const daySpend = async (id: string, day: string) =>
  (await rows<{ spend: number; n: number }>(t.db, sql`
    SELECT coalesce(sum(d.spend_minor), 0)::float8 AS spend, count(*)::int AS n FROM campaign_delivery d JOIN campaigns c ON c.id = d.campaign_id
    WHERE c.event_id = ${id} AND d.day = ${day}::date`))[0]!;

describe('before anything was asked', () => {
  it('the task lookup answers 404 (the menu reads not_found) and the event is active with its optimisation', async () => {
    const res = await taskOf(running);
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error_code).toBe('error.common.notFound');
    const e = await eventOf(running);
    expect(e.client_campaign_status).toBe('ACTIVE');
    expect(e.campaign_status).toBe('active');
    expect(e.has_active_campaigns).toBe(true);
  });

  it('without a live Meta connection the change is refused and nothing is queued', async () => {
    const res = await setStatus(running, 'PAUSED');
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error_code).toBe('error.connect.facebook.invalid_token');
    expect((await taskOf(running)).status).toBe(404);
  });
});

describe('PUT /events/{id}/client_campaign_status', () => {
  beforeAll(async () => {
    await connectAssets(t.db, 1001);
  });

  it('pauses every ad set through a task: 204, the task PENDING, then SUCCESS and the event paused', async () => {
    const res = await setStatus(running, 'PAUSED');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const pending = (await (await taskOf(running)).json()) as StatusTask;
    expect(pending).toMatchObject({ status: 'PENDING', ready: false, change: 'status', value: 'PAUSED' });
    expect(statusTaskState(pending.status)).toBe('running');
    // Nothing changes before the platform has it.
    expect((await eventOf(running)).client_campaign_status).toBe('ACTIVE');
    // A second change while the first runs is refused.
    const again = await setStatus(running, 'ACTIVE');
    expect(again.status).toBe(409);
    expect((await errorOf(again)).error_code).toBe('error.campaign.config.task_pending');
    const opt = await setOptimisation(running, 'PAUSED');
    expect(opt.status).toBe(409);

    await drain();
    const done = (await (await taskOf(running)).json()) as StatusTask;
    expect(done).toMatchObject({ task_id: pending.task_id, status: 'SUCCESS', ready: true });
    expect(statusTaskState(done.status)).toBe('success');
    const sets = await adSetStatuses(running);
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.every((s) => s.status === 'PAUSED')).toBe(true);
    const e = await eventOf(running);
    expect(e.client_campaign_status).toBe('PAUSED');
    expect(e.campaign_status).toBe('paused');
    expect(e.has_active_campaigns).toBe(false);
    // The budget panel reads the same state.
    const budget = (await (await api.request(`/api/v3/campaigns/current_runtime_budget/${enc(running)}`, { token: admin })).json()) as { state: string };
    expect(budget.state).toBe('paused');
  });

  it('a paused campaign delivers nothing the next day while its neighbour does; resumed, it delivers again', async () => {
    const day = today();
    await deliverCampaigns(t.db, { through: day, partnerId: 1001 });
    expect((await daySpend(running, day)).spend).toBe(0);
    expect((await daySpend(neighbour, day)).spend).toBeGreaterThan(0);

    expect((await setStatus(running, 'ACTIVE')).status).toBe(204);
    await drain();
    expect((await eventOf(running)).client_campaign_status).toBe('ACTIVE');
    expect((await adSetStatuses(running)).every((s) => s.status === 'ACTIVE')).toBe(true);
    const next = plusDays(day, 1);
    await deliverCampaigns(t.db, { through: next, partnerId: 1001 });
    expect((await daySpend(running, next)).spend).toBeGreaterThan(0);
  });

  it('refuses an ended campaign (409), an event without a published campaign, another partner’s event (404) and no wave (403)', async () => {
    const end = await setStatus(ended, 'ACTIVE');
    expect(end.status).toBe(409);
    expect((await errorOf(end)).error_code).toBe('error.campaign.status.ended');
    expect((await setOptimisation(ended, 'PAUSED')).status).toBe(409);
    const none = await setStatus(noCampaign, 'PAUSED');
    expect(none.status).toBe(404);
    expect((await errorOf(none)).error_code).toBe('error.campaign.config.remote_campaign_not_published');
    for (const res of [await setStatus(other, 'PAUSED'), await setOptimisation(other, 'PAUSED'), await taskOf(other)]) {
      expect(res.status).toBe(404);
      expect((await errorOf(res)).error_code).toBe('error.common.notFound');
    }
    for (const res of [await setStatus(running, 'PAUSED', analyst), await setOptimisation(running, 'PAUSED', analyst), await taskOf(running, analyst)]) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error_code).toBe('error.auth.forbidden');
    }
    // Nothing was queued by any of them.
    expect((await taskOf(ended)).status).toBe(404);
  });

  it('refuses a bad value with the §3 error', async () => {
    const bad = [
      `/api/v3/events/${running}/client_campaign_status?client_campaign_status=paused`,
      `/api/v3/events/${running}/client_campaign_status?client_campaign_status=DELETED`,
      `/api/v3/events/${running}/client_campaign_status`,
      `/api/v3/events/${running}/client_campaign_status?client_campaign_status=PAUSED&extra=1`,
      `/api/v3/events/${running}/campaign_optimisation_status?campaign_optimisation_status=`,
      `/api/v3/events/${running}/campaign_optimisation_status?client_campaign_status=PAUSED`,
      `/api/v3/events/${'x'.repeat(201)}/client_campaign_status?client_campaign_status=PAUSED`,
    ];
    for (const path of bad) {
      const res = await api.request(path, { method: 'PUT', token: admin });
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('a change that cannot be applied any more ends as FAILURE, which the menu reads as failed', async () => {
    expect((await setStatus(neighbour, 'PAUSED')).status).toBe(204);
    // The campaign ends before the worker gets to it.
    await t.db.execute(sql`UPDATE campaigns SET stop_time = now() - interval '1 hour' WHERE event_id = ${neighbour}`);
    await drain();
    const task = (await (await taskOf(neighbour)).json()) as StatusTask;
    expect(task).toMatchObject({ status: 'FAILURE', ready: true });
    expect(statusTaskState(task.status)).toBe('failed');
    expect((await adSetStatuses(neighbour)).every((s) => s.status === 'ACTIVE')).toBe(true);
  });
});

describe('PUT /events/{id}/campaign_optimisation_status', () => {
  it('switches the optimisation of every ad set; the event answers it', async () => {
    const res = await setOptimisation(running, 'PAUSED');
    expect(res.status).toBe(204);
    expect(((await (await taskOf(running)).json()) as StatusTask)).toMatchObject({ change: 'optimisation', value: 'PAUSED', status: 'PENDING' });
    await drain();
    expect((await adSetStatuses(running)).every((s) => s.optimisation_status === 'PAUSED' && s.status === 'ACTIVE')).toBe(true);
    expect((await eventOf(running)).campaign_optimisation_status).toBe('PAUSED');
    expect((await setOptimisation(running, 'ACTIVE')).status).toBe(204);
    await drain();
    expect((await eventOf(running)).campaign_optimisation_status).toBe('ACTIVE');
    expect(((await (await taskOf(running)).json()) as StatusTask).status).toBe('SUCCESS');
  });
});

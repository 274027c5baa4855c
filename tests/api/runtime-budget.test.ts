// Issue 22, a running campaign's budget and runtime on the seeded demo (spec 2 §4 "Budget/runtime
// task", §5 "Budget edit (running campaign)", §7, §8): the current values and bounds, the daily
// preview, the change as a task that moves every ad set, and every refusal.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { nowMs } from '../../src/server/lib/clock';
import { budgetTaskStatus } from '../../src/server/modules/campaign-delivery/runtime-budget';
import type { RuntimeBudget } from '../../src/lib/contracts/runtime-budget';
import { connectAssets } from '../helpers/setup-fixture';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let running: string;
let other: string;
let noCampaign: string;
const today = () => new Date(nowMs()).toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const daysIncl = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000 + 1;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  running = (await rows<{ event_id: string }>(t.db, sql`
    SELECT event_id FROM campaigns WHERE partner_id = 1001 GROUP BY event_id
    HAVING bool_and(status = 'ACTIVE') AND min(stop_time) > now() + interval '10 days' AND sum(spend_minor) > 0 ORDER BY event_id LIMIT 1`))[0]!.event_id;
  other = (await rows<{ event_id: string }>(t.db, sql`SELECT event_id FROM campaigns WHERE partner_id = 1002 LIMIT 1`))[0]!.event_id;
  noCampaign = (await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events e WHERE partner_id = 1001 AND start_date_time > now() AND NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.event_id = e.id) LIMIT 1`))[0]!.id;
}, 300_000);
afterAll(() => t.close());

const current = (eid: string, token = admin) => api.request(`/api/v3/campaigns/current_runtime_budget/${encodeURIComponent(eid)}`, { token });
const query = (q: Record<string, string | number>) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
const preview = (q: Record<string, string | number>, token = admin) => api.request(`/api/v3/campaigns/new_runtime_budget?${query(q)}`, { token });
const change = (q: Record<string, string | number>, token = admin) => api.request(`/api/v3/campaigns/new_runtime_budget?${query(q)}`, { method: 'POST', token });

async function currentOf(eid: string): Promise<RuntimeBudget> {
  const res = await current(eid);
  expect(res.status).toBe(200);
  return (await res.json()) as RuntimeBudget;
}

describe('GET /campaigns/current_runtime_budget/{eid}', () => {
  it('answers the published campaign’s runtime, budget, what it spent and the bounds of a change', async () => {
    const c = await currentOf(running);
    const [sums] = await rows<{ budget: number; spend: number; n: number }>(t.db, sql`SELECT sum(budget_minor)::float8 AS budget, sum(spend_minor)::float8 AS spend, count(*)::int AS n FROM campaigns WHERE event_id = ${running}`);
    expect(c.total_budget).toBe(sums!.budget / 100);
    expect(c.spent).toBe(sums!.spend / 100);
    expect(c.min_budget).toBe(Math.ceil(sums!.spend / 100));
    expect(c.min_daily_budget).toBe(5 * sums!.n);
    expect(c.max_budget).toBeGreaterThanOrEqual(c.total_budget);
    expect(c.start_date <= today()).toBe(true);
    expect(c.currency).toBe('EUR');
    // The demo partner has not connected Meta yet: a change cannot reach the platform.
    expect(c.has_permission_error).toBe(true);
    expect(c.campaign_status).toBe('found');
    expect(c.state).toBe('active');
    expect(c.task_details).toBeNull();
  });

  it('no published campaign reads as not published; another partner’s event and no wave are refused', async () => {
    const none = await current(noCampaign);
    expect(none.status).toBe(404);
    expect((await errorOf(none)).error_code).toBe('error.campaign.config.remote_campaign_not_published');
    expect((await current(other)).status).toBe(404);
    expect((await errorOf(await current(other))).error_code).toBe('error.common.notFound');
    expect((await current(running, analyst)).status).toBe(403);
  });
});

describe('GET /campaigns/new_runtime_budget (the daily preview)', () => {
  it('spreads what is left of the new budget over the days left from today', async () => {
    const c = await currentOf(running);
    const end = plusDays(c.end_date, -2);
    const res = await preview({ eid: running, budget: c.total_budget + 200, start_date: c.start_date, end_date: end });
    expect(res.status).toBe(200);
    const { new_daily_budget } = (await res.json()) as { new_daily_budget: number };
    expect(new_daily_budget).toBeCloseTo((c.total_budget + 200 - c.spent) / daysIncl(today(), end), 1);
  });

  it('a budget that leaves less than the daily minimum is refused with the minimum and the currency', async () => {
    const c = await currentOf(running);
    const res = await preview({ eid: running, budget: Math.ceil(c.spent) + 1, start_date: c.start_date, end_date: c.end_date });
    expect(res.status).toBe(422);
    const err = await errorOf(res);
    expect(err.error_code).toBe('error.campaign.config.daily_budget.too_low');
    expect((err as unknown as { data: { min: number; currency: string } }).data).toEqual({ min: c.min_daily_budget, currency: 'EUR' });
  });

  it('refuses a moved start once the campaign has started, an end before the start or in the past, and a budget above the maximum — each on its field', async () => {
    const c = await currentOf(running);
    const base = { eid: running, budget: c.total_budget, start_date: c.start_date, end_date: c.end_date };
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ...base, start_date: plusDays(today(), 1) }, 'error.campaign.config.start_locked', 'start_date'],
      [{ ...base, end_date: plusDays(c.start_date, -1) }, 'error.campaign.config.end_before_start', 'end_date'],
      [{ ...base, end_date: plusDays(today(), -1) }, 'error.campaign.config.end_in_past', 'end_date'],
      [{ ...base, budget: c.max_budget + 1 }, 'error.campaign.config.budget.too_high', 'budget'],
    ];
    for (const [q, code, field] of cases) {
      const res = await preview(q);
      expect(res.status, code).toBe(400);
      const err = await errorOf(res);
      expect(err.error_code).toBe(code);
      expect(err.issues?.[0]?.path).toBe(field);
    }
  });

  it('refuses bad input in the §3 format', async () => {
    const c = await currentOf(running);
    const base = { eid: running, budget: c.total_budget, start_date: c.start_date, end_date: c.end_date };
    for (const q of [{ ...base, budget: 'abc' }, { ...base, budget: -5 }, { ...base, end_date: '2026-02-30' }, { ...base, extra: 1 }, { ...base, eid: 'x'.repeat(201) }]) {
      const res = await preview(q);
      expect(res.status, JSON.stringify(q)).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
    expect((await preview({ ...base, eid: other })).status).toBe(404);
  });
});

describe('POST /campaigns/new_runtime_budget', () => {
  it('without a live Meta connection the change is refused before anything is queued', async () => {
    const c = await currentOf(running);
    const res = await change({ eid: running, budget: c.total_budget + 100, start_date: c.start_date, end_date: c.end_date });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error_code).toBe('error.connect.facebook.invalid_token');
    expect((await currentOf(running)).task_details).toBeNull();
  });

  it('queues the change; the worker moves every ad set and the panel reads the task’s outcome', async () => {
    await connectAssets(t.db, 1001);
    const c = await currentOf(running);
    expect(c.has_permission_error).toBe(false);
    const end = plusDays(c.end_date, -1);
    const budget = Math.round(c.total_budget + 150);
    const res = await change({ eid: running, budget, start_date: c.start_date, end_date: end });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ status: 'PENDING', task_id: expect.any(String) });
    // A second change while the first is pending is refused.
    expect((await change({ eid: running, budget: budget + 10, start_date: c.start_date, end_date: end })).status).toBe(409);
    expect((await currentOf(running)).task_details?.status).toBe('pending');
    while (await runOnce(t.db, 'budget-test')) {
      /* drain */
    }
    const after = await currentOf(running);
    expect(after.total_budget).toBeCloseTo(budget, 2);
    expect(after.end_date).toBe(end);
    expect(after.start_date).toBe(c.start_date);
    expect(after.task_details).toMatchObject({ status: 'success', args: { budget, start_date: c.start_date, end_date: end } });
    // Every ad set keeps what it spent and gets a share of the rest.
    const sets = await rows<{ budget: number; spend: number }>(t.db, sql`SELECT budget_minor::float8 AS budget, spend_minor::float8 AS spend FROM campaigns WHERE event_id = ${running}`);
    for (const s of sets) expect(s.budget).toBeGreaterThanOrEqual(s.spend);
  });

  it('maps the task states as spec 2 §4 says', () => {
    expect(['PENDING', 'STARTED', 'PROGRESS', 'RETRY'].map(budgetTaskStatus)).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(budgetTaskStatus('SUCCESS')).toBe('success');
    expect(['FAILURE', 'REVOKED', 'failed'].map(budgetTaskStatus)).toEqual(['failure', 'failure', 'failure']);
  });

  it('refuses another partner’s event and no wave', async () => {
    const c = await currentOf(running);
    expect((await change({ eid: other, budget: 500, start_date: c.start_date, end_date: c.end_date })).status).toBe(404);
    expect((await change({ eid: running, budget: 500, start_date: c.start_date, end_date: c.end_date }, analyst)).status).toBe(403);
  });
});

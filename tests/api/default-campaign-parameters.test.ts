// GET /api/v3/events/{id}/default_campaigns_parameters (spec 1 §7, spec 2 §7 "Event-level") on the
// seeded demo: a new setup's defaults are the wizard's own rules (lib/campaigns/setup-defaults),
// the budget range budget_min_max answers for the default runtime, the targeting mode by the
// partner's product type and the attribution model in force for the event. Refusals in the §3
// error format: another partner's event 404, no wave 403, a bad id 400/404, an event that has
// begun 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, jsonCalls } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { now } from '../../src/server/lib/clock';
import { DefaultCampaignParameters } from '../../src/lib/contracts/campaign-defaults';
import { BudgetMinMaxResponse } from '../../src/lib/contracts/budget';
import { boundsOf, defaultRuntime, snapBudget, BUDGET_DEFAULT } from '../../src/lib/campaigns/setup-defaults';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001 (full service), every permission
let analyst: string; // partner 1001, lookout without wave
let prisma: string; // partner 1002 (prisma), wave
const { call, expectError } = jsonCalls(() => api, () => admin);

type Ev = { id: string; day: string };
const eventWhere = async (partner: number, where: ReturnType<typeof sql>): Promise<Ev> =>
  (await rows<Ev>(t.db, sql`SELECT id, to_char((start_date_time AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day FROM events WHERE partner_id = ${partner} AND ${where} ORDER BY start_date_time LIMIT 1`))[0]!;

let far: Ev; // more than four months ahead
let near: Ev; // two to four weeks ahead
let past: Ev;
let prismaEvent: Ev;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  const at = now().toISOString();
  far = await eventWhere(1001, sql`start_date_time > ${at}::timestamptz + interval '150 days' AND category <> 'product'`);
  near = await eventWhere(1001, sql`start_date_time > ${at}::timestamptz + interval '14 days' AND start_date_time < ${at}::timestamptz + interval '30 days' AND category <> 'product'`);
  past = await eventWhere(1001, sql`start_date_time < ${at}::timestamptz - interval '2 days'`);
  prismaEvent = await eventWhere(1002, sql`start_date_time > ${at}::timestamptz + interval '20 days'`);
}, 240_000);
afterAll(() => t.close());

const path = (id: string) => `/api/v3/events/${encodeURIComponent(id)}/default_campaigns_parameters`;
async function defaults(id: string, token = admin): Promise<DefaultCampaignParameters> {
  const r = await call('GET', path(id), undefined, token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return DefaultCampaignParameters.strict().parse(r.body);
}
const today = () => now().toISOString().slice(0, 10);

describe('default_campaigns_parameters', () => {
  it('answers what a setup starts from: goal, result type, the runtime until the day before the event, ages 18–65', async () => {
    const d = await defaults(near.id);
    expect(d.event_id).toBe(near.id);
    expect(d.currency).toBe('EUR');
    expect(d.goal).toBe('UTILIZATION');
    expect(d.goals).toEqual(['UTILIZATION', 'ROAS', 'VISIBILITY']);
    expect(d.custom_event_type).toBe('PURCHASE');
    expect(d.age_range).toEqual({ min: 18, max: 65 });
    // spec 2 §9: the later of today and four months before; the day before the event.
    expect(d.start_date).toBe(today());
    const before = new Date(Date.parse(`${near.day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(d.end_date).toBe(before);
    expect(d.runtime_in_days).toBe(Math.round((Date.parse(before) - Date.parse(today())) / 86_400_000) + 1);
  });

  it('starts a far event’s runtime four months before it', async () => {
    const d = await defaults(far.id);
    const start = new Date(`${far.day}T00:00:00Z`);
    start.setUTCMonth(start.getUTCMonth() - 4);
    expect(d.start_date).toBe(start.toISOString().slice(0, 10));
    expect(d.start_date > today()).toBe(true);
    expect({ start: d.start_date, end: d.end_date }).toEqual(defaultRuntime(far.day, today()));
  });

  it('takes the budget range of budget_min_max for that runtime, and the default budget within it', async () => {
    const d = await defaults(near.id);
    const r = await call('GET', `/api/v3/events/${near.id}/budget_min_max?runtime_in_days=${d.runtime_in_days}`);
    const bounds = boundsOf(BudgetMinMaxResponse.parse(r.body).content);
    expect({ min: d.budget_abs_min, recommendedMin: d.budget_min, max: d.budget_max }).toEqual(bounds);
    expect(d.budget_abs_min).toBeLessThanOrEqual(d.budget_min);
    expect(d.budget_min).toBeLessThanOrEqual(d.budget_max);
    expect(d.total_budget).toBe(snapBudget(BUDGET_DEFAULT, bounds.min, bounds.max));
    expect(d.total_budget).toBeGreaterThanOrEqual(d.budget_abs_min);
    expect(d.total_budget).toBeLessThanOrEqual(d.budget_max);
  });

  it('defaults the targeting to the clusters’ own customers for a full-service partner, to postal codes for a prisma one', async () => {
    const full = await defaults(near.id);
    expect(full.targeting_mode).toBe('fd_targeting');
    expect(full.targeting_modes).toEqual(['fd_targeting', 'postal_codes', 'range_locations']);
    const geo = await defaults(prismaEvent.id, prisma);
    expect(geo.targeting_mode).toBe('postal_codes');
    expect(geo.targeting_modes).toEqual(['postal_codes', 'range_locations']);
  });

  it('names the attribution model in force for the event: the partner’s, then the event’s own choice', async () => {
    const d = await defaults(far.id);
    const a = (await call('GET', `/api/v3/events/${far.id}/attribution_model`)).body as { model: string; options: string[] };
    expect(d.attribution_model).toBe(a.model);
    expect(d.attribution_models).toEqual(a.options);
    expect(d.attribution_model).toBe('FD');
    expect((await call('PUT', `/api/v3/events/${far.id}/attribution_model`, { model: 'META' })).status).toBe(200);
    expect((await defaults(far.id)).attribution_model).toBe('META');
    // spec 2 §4: FD is not offered to a prisma partner.
    const geo = await defaults(prismaEvent.id, prisma);
    expect(geo.attribution_models).not.toContain('FD');
    expect(geo.attribution_model).toBe('META');
  });
});

describe('refusals', () => {
  it("answers 404 for another partner's event, a missing one and a malformed id", async () => {
    for (const id of [prismaEvent.id, 'e1001-99999', 'e1001 0001', '..']) await expectError(call('GET', path(id)), 404, 'error.common.notFound');
    // …while that partner's own user gets an answer.
    expect((await defaults(prismaEvent.id, prisma)).event_id).toBe(prismaEvent.id);
  });

  it('answers 403 without the wave permission', async () => {
    const e = await expectError(call('GET', path(near.id), undefined, analyst), 403, 'error.auth.forbidden');
    expect(e.error_subcode).toBe('wave');
  });

  it('answers 400 for an id longer than any event id', async () => {
    await expectError(call('GET', path('e'.repeat(201))), 400, 'error.validation.invalid');
  });

  it('answers 409 for an event that has begun: no runtime lies before it', async () => {
    const e = await expectError(call('GET', path(past.id)), 409, 'error.campaign.defaults.event_past');
    expect(String(e.data?.event_date).slice(0, 10)).toBe(past.day);
  });
});

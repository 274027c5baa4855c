// Issue 22, spec 2 §4 "Campaign edit", §5 Media, §7 POST /campaigns_setup: a campaign published
// through the boost on the sandbox has its creative and targeting changed while it runs — Meta
// (the sandbox) gets a new creative, the published setup and the campaign list show it — and
// every refusal: the boost's own checks on their fields, media added or removed, an ended
// campaign, a pending budget change, another partner's event, no wave, bad bodies.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, jsonCalls } from '../helpers/api';
import { campaignRowsOf, day, fullCreative, integrationDetails, postalTargeting, setupFixture, storeMediaUpload, POSTER_BYTES, type SetupFixture } from '../helpers/setup-fixture';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import type { Creative, Targeting } from '../../src/lib/contracts/setup-process';
import { CampaignEditResult } from '../../src/lib/contracts/campaign-edit';
import { EventCampaignsResponse } from '../../src/lib/contracts/taste-clusters';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let prisma: string;
let f: SetupFixture;

const P = (eid: string) => `/api/v3/setup_processes/${encodeURIComponent(eid)}`;
const { call, expectError } = jsonCalls(() => api, () => admin);

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  f = await setupFixture(t.db, 1001);
  // Published through the interface's calls: start, fill, boost, the worker.
  expect((await call('POST', P(f.eventId), { goal: 'UTILIZATION', total_budget: 900, start_date: day(1), end_date: day(20), creatives: f.tcs.map((tc) => ({ tc, tc_run_id: f.runId })), integration_details: integrationDetails(f) })).status).toBe(201);
  expect((await call('PUT', P(f.eventId), { creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting: f.tcs.map((tc) => postalTargeting(f, tc)), disabled_variations: { [String(f.tcs[0])]: ['1111'] } })).status).toBe(200);
  expect((await call('POST', `${P(f.eventId)}/boost`)).status).toBe(202);
  while (await runOnce(t.db, 'edit-test')) {
    /* until the boost ran */
  }
  expect((await campaignRowsOf(t.db, 1001, f.eventId)).length).toBe(f.tcs.length);
}, 300_000);
afterAll(() => t.close());

const tc = () => f.tcs[0]!;
const body = (over: { creative?: Partial<Creative>; targeting?: Partial<Targeting>; [k: string]: unknown } = {}) => {
  const { creative, targeting, ...rest } = over;
  return {
    eid: f.eventId,
    tc: tc(),
    tc_run_id: f.runId,
    creatives: [{ ...fullCreative(f, tc()), headline: ['A new headline', 'Mozart live'], ...creative }],
    targeting: [{ ...postalTargeting(f, tc()), ...targeting }],
    audience_id: null,
    ...rest,
  };
};
const edit = (json: unknown, token = admin) => call('POST', '/api/v3/campaigns_setup', json, token);

describe('POST /campaigns_setup', () => {
  it('changes the running creative and targeting: a new creative at Meta, the published setup and the campaign list follow', async () => {
    const [before] = await rows<{ meta_creative_id: string; meta_adset_id: string }>(t.db, sql`SELECT meta_creative_id, meta_adset_id FROM campaigns WHERE event_id = ${f.eventId} AND tc = ${tc()}`);
    const r = await edit(body({ targeting: { age_range: { min: 30, max: 55 } } }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const result = CampaignEditResult.parse(r.body);
    expect(result.creative.headline).toEqual(['A new headline', 'Mozart live']);
    const [after] = await rows<{ meta_creative_id: string; meta_adset_id: string }>(t.db, sql`SELECT meta_creative_id, meta_adset_id FROM campaigns WHERE event_id = ${f.eventId} AND tc = ${tc()}`);
    expect(after!.meta_adset_id).toBe(before!.meta_adset_id);
    expect(after!.meta_creative_id).not.toBe(before!.meta_creative_id);
    const list = EventCampaignsResponse.parse((await call('GET', `/api/campaign/events/${f.eventId}/campaigns`)).body);
    const item = list.items.find((i) => i.tc === tc())!;
    expect(item.latest_campaign_setup).toMatchObject({ creative: { headline: ['A new headline', 'Mozart live'] }, targeting: { age_range: { min: 30, max: 55 } }, disabled_variations: ['1111'] });
    // The other clusters are as published.
    const other = list.items.find((i) => i.tc === f.tcs[1])!;
    expect((other.latest_campaign_setup as { creative: Creative }).creative.headline).toEqual(fullCreative(f, f.tcs[1]!).headline);
  });

  it('a replaced medium is fine; an added or removed one is refused on the media field', async () => {
    const replacement = await storeMediaUpload(t.db, 1001, POSTER_BYTES(), 'image/jpeg', 'new.jpg');
    const media = fullCreative(f, tc()).media;
    const swapped = [{ ...media[0]!, id: replacement, url: `/api/v3/storage/media/${replacement}`, name: 'new.jpg' }, media[1]!];
    expect((await edit(body({ creative: { media: swapped } }))).status).toBe(200);
    const err = await expectError(edit(body({ creative: { media: [media[0]!] } })), 422, 'error.setup.INVALID_SETUP');
    expect(err.data!.problems).toContainEqual({ area: 'creatives', tc: tc(), code: 'error.campaign.edit.media_count', field: 'media' });
  });

  it('the boost’s own checks, on their fields: empty headlines, a bad URL, a missing targeting, a medium not in storage', async () => {
    const err = await expectError(
      edit(body({ creative: { headline: ['', ' '], destination_url: ['not a url'], media: [{ ...fullCreative(f, tc()).media[0]!, id: '00000000-0000-4000-8000-000000000000' }, fullCreative(f, tc()).media[1]!] }, targeting: { targeting_mode: 'postal_codes', postal_codes: {} } })),
      422,
      'error.setup.INVALID_SETUP',
    );
    const fields = err.data!.problems!.map((p) => `${p.area}:${p.field}:${p.code}`);
    expect(fields).toEqual(expect.arrayContaining(['creatives:headline:common.errors.fillRequired', 'creatives:destination_url.0:common.errors.wrongUrlFormat', 'creatives:media.0:common.errors.fileErrors.invalid']));
    expect(err.data!.problems!.some((p) => p.area === 'targeting' && p.field === 'targeting_mode')).toBe(true);
  });

  it('refuses a creative of another cluster than the one named, an unknown cluster and a bad body', async () => {
    await expectError(edit({ ...body(), creatives: [fullCreative(f, f.tcs[1]!)] }), 400, 'error.validation.invalid');
    await expectError(edit({ ...body(), tc: 99_999, creatives: [{ ...fullCreative(f, tc()), tc: 99_999 }], targeting: [{ ...postalTargeting(f, tc()), tc: 99_999 }] }), 404, 'error.common.notFound');
    await expectError(edit({ ...body(), creatives: [] }), 400, 'error.validation.invalid');
    await expectError(edit({ ...body(), extra: 1 }), 400, 'error.validation.invalid');
    await expectError(edit({ ...body(), eid: 'x\u0000y' }), 400, 'error.validation.invalid');
    await expectError(edit(body({ creative: { headline: ['x'.repeat(81)] } })), 400, 'error.validation.invalid');
  });

  it('refuses while a budget/runtime change is pending, and after the campaign ended', async () => {
    await t.db.execute(sql`INSERT INTO tasks (id, kind, partner_id, status, payload) VALUES (gen_random_uuid(), 'campaigns.budget_runtime', 1001, 'PENDING', ${JSON.stringify({ eventId: f.eventId, budget: 900, start_date: day(1), end_date: day(20) })}::jsonb)`);
    await expectError(edit(body()), 409, 'error.campaign.config.task_pending');
    await t.db.execute(sql`DELETE FROM tasks WHERE kind = 'campaigns.budget_runtime' AND partner_id = 1001`);
    await t.db.execute(sql`UPDATE campaigns SET stop_time = now() - interval '1 hour' WHERE event_id = ${f.eventId} AND tc = ${f.tcs[2]}`);
    await expectError(edit(body({ tc: f.tcs[2], creative: { tc: f.tcs[2] }, targeting: { tc: f.tcs[2] } })), 409, 'error.campaign.edit.ended');
  });

  it('another partner’s event is 404, a user without wave 403', async () => {
    await expectError(edit(body(), prisma), 404, 'error.common.notFound');
    expect((await edit(body(), analyst)).status).toBe(403);
  });
});

// The setup process on the seeded demo (issue 14; spec 2 §4 Setup lifecycle and Publishing, §5
// Setup payload / Creative / Targeting / Integrations, §7 Setup process): the lifecycle and its
// 404/409s, every payload and validation code, tenancy and the wave permission, and a boost end
// to end on the sandbox through the worker — campaign rows, the event's campaigns list, the
// events badge — plus INVALID_ACCOUNTS, INVALID_SETUP and a failing platform.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf, jsonCalls } from '../helpers/api';
import {
  campaignRowsOf,
  connectAssets,
  day,
  fullCreative,
  integrationDetails,
  postalTargeting,
  POSTER_BYTES,
  setupFixture,
  storeMediaUpload,
  type SetupFixture,
} from '../helpers/setup-fixture';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { adPlatform, MetaError, setAdPlatform } from '../../src/server/adapters/meta';
import type { AdPlatform } from '../../src/server/adapters/meta/types';
import { mp4 } from '../helpers/media-fixtures';
import * as connectRepo from '../../src/server/modules/meta-connect/repo';
import { PAYLOAD_MESSAGES } from '../../src/server/modules/setup-process';
import { SetupProcess, SetupProblem, type Creative, type Targeting } from '../../src/lib/contracts/setup-process';
import { EventCampaignsResponse } from '../../src/lib/contracts/taste-clusters';
import { pixelProblem } from '../../src/lib/campaigns/setup-rules';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission
let analyst: string; // partner 1001, no wave
let prisma: string; // partner 1002, wave (prisma: geographic targeting only)
let f: SetupFixture;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  f = await setupFixture(t.db, 1001);
}, 240_000);
afterAll(() => t.close());

const P = (eid: string) => `/api/v3/setup_processes/${encodeURIComponent(eid)}`;

const { call, expectError } = jsonCalls(() => api, () => admin);
const drain = async () => {
  while (await runOnce(t.db, 'setup-test')) {
    /* until the queue is empty */
  }
};

const startBody = (fx = f, over: Record<string, unknown> = {}) => ({
  goal: 'UTILIZATION',
  total_budget: 900,
  start_date: day(1),
  end_date: day(20),
  creatives: fx.tcs.map((tc) => ({ tc, tc_run_id: fx.runId })),
  integration_details: integrationDetails(fx),
  ...over,
});

async function freshSetup(fx = f) {
  await t.db.execute(sql`DELETE FROM setup_processes WHERE partner_id = 1001 AND event_id = ${fx.eventId}`);
  const r = await call('POST', P(fx.eventId), startBody(fx));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return SetupProcess.parse(r.body);
}

/** The problems of a boost that must fail with INVALID_SETUP. */
async function setupProblems(): Promise<SetupProblem[]> {
  const err = await expectError(call('POST', `${P(f.eventId)}/boost`), 422, 'error.setup.INVALID_SETUP');
  return err.data!.problems!;
}

describe('lifecycle', () => {
  it('answers 404 error.setup.not_found without a setup, 201 created on POST, 409 on a second POST', async () => {
    await t.db.execute(sql`DELETE FROM setup_processes WHERE partner_id = 1001`);
    await expectError(call('GET', P(f.eventId)), 404, 'error.setup.not_found');
    const r = await call('POST', P(f.eventId), startBody());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const s = SetupProcess.parse(r.body);
    expect(s).toMatchObject({ status: 'created', goal: 'UTILIZATION', total_budget: 900, custom_event_type: 'PURCHASE', eid: f.eventId, last_synced_at: null });
    expect(s.creatives.map((c) => [c.tc, c.headline])).toEqual(f.tcs.map((tc) => [tc, []]));
    expect(s.targeting.map((x) => x.age_range)).toEqual(f.tcs.map(() => ({ min: 18, max: 65 })));
    expect(s.budget_in_ad_account_currency).toEqual({ amount: 900, currency: 'EUR' });
    await expectError(call('POST', P(f.eventId), startBody()), 409, 'error.setup.exists');
    expect(SetupProcess.parse((await call('GET', P(f.eventId))).body).id).toBe(s.id);
  });

  it('PUT merges only the given fields, marks the setup synced and keeps the wizard state', async () => {
    const s = await freshSetup();
    const r = await call('PUT', P(f.eventId), { total_budget: 1200, wizard: { current_step: 3, current_completed_step: 2, preview_viewed: false } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const u = SetupProcess.parse(r.body);
    expect(u).toMatchObject({ id: s.id, status: 'synced', total_budget: 1200, start_date: s.start_date, wizard: { current_step: 3 } });
    expect(u.creatives).toEqual(s.creatives);
    expect(u.last_synced_at).not.toBeNull();
  });

  it('applies the goal rules: a lead form only with UTILIZATION, LEAD with it and PURCHASE without', async () => {
    await freshSetup();
    const lead = SetupProcess.parse((await call('PUT', P(f.eventId), { lead_form_id: '8801', custom_event_type: 'PURCHASE' })).body);
    expect(lead).toMatchObject({ lead_form_id: '8801', custom_event_type: 'LEAD' });
    const roas = SetupProcess.parse((await call('PUT', P(f.eventId), { goal: 'campaign.goal.ROAS' })).body);
    expect(roas).toMatchObject({ goal: 'ROAS', lead_form_id: null, custom_event_type: 'PURCHASE' });
  });

  it('DELETE ?cancel=true keeps the row as cancelled, cancel=false deletes it; both free the event for a new setup', async () => {
    const s = await freshSetup();
    expect((await call('DELETE', `${P(f.eventId)}?cancel=true`)).status).toBe(204);
    await expectError(call('GET', P(f.eventId)), 404, 'error.setup.not_found');
    const [row] = await rows<{ status: string }>(t.db, sql`SELECT status FROM setup_processes WHERE id = ${s.id}`);
    expect(row!.status).toBe('cancelled');
    const again = await freshSetup();
    expect((await call('DELETE', `${P(f.eventId)}?cancel=false`)).status).toBe(204);
    expect(await rows(t.db, sql`SELECT 1 FROM setup_processes WHERE id = ${again.id}`)).toHaveLength(0);
    await expectError(call('DELETE', P(f.eventId)), 404, 'error.setup.not_found');
    await expectError(call('PUT', P(f.eventId), { total_budget: 5 }), 404, 'error.setup.not_found');
  });
});

describe('two writers on one setup (issue 20: the version)', () => {
  it('counts the version up on every PUT; a PUT naming an older one is 409 error.setup.stale_version with the current version and writes nothing', async () => {
    const s = await freshSetup();
    expect(s.version).toBe(1);
    // Tab A and tab B both loaded version 1. A saves first.
    const a = await call('PUT', P(f.eventId), { total_budget: 1200, version: 1 });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(SetupProcess.parse(a.body)).toMatchObject({ total_budget: 1200, version: 2 });
    // B's change was made on version 1: refused, with the version it must load.
    const b = await expectError(call('PUT', P(f.eventId), { total_budget: 700, start_date: day(2), version: 1 }), 409, 'error.setup.stale_version');
    expect((b as { data?: { version?: number } }).data).toEqual({ version: 2 });
    // A's data is intact: neither B's budget nor its start date was written, the version did not move.
    const now = SetupProcess.parse((await call('GET', P(f.eventId))).body);
    expect(now).toMatchObject({ total_budget: 1200, start_date: s.start_date, version: 2 });
    // B after loading the latest: its save on version 2 passes.
    const again = await call('PUT', P(f.eventId), { total_budget: 700, version: 2 });
    expect(again.status).toBe(200);
    expect(SetupProcess.parse(again.body)).toMatchObject({ total_budget: 700, version: 3 });
  });

  it('two PUTs on the same version at once: exactly one is written', async () => {
    const s = await freshSetup();
    const [x, y] = await Promise.all([
      call('PUT', P(f.eventId), { total_budget: 1111, version: s.version }),
      call('PUT', P(f.eventId), { total_budget: 2222, version: s.version }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const winner = (x.status === 200 ? x : y).body as SetupProcess;
    const loser = (x.status === 200 ? y : x).body as { error_code: string; data: { version: number } };
    expect(loser).toMatchObject({ error_code: 'error.setup.stale_version', data: { version: 2 } });
    expect(SetupProcess.parse((await call('GET', P(f.eventId))).body)).toMatchObject({ total_budget: winner.total_budget, version: 2 });
  });

  it('a PUT without a version (scripts) still saves and counts the version up', async () => {
    const s = await freshSetup();
    const r = await call('PUT', P(f.eventId), { total_budget: 950 });
    expect(SetupProcess.parse(r.body)).toMatchObject({ total_budget: 950, version: s.version + 1 });
  });
});

describe('payload rules (spec 2 §5 Setup payload)', () => {
  const cases: [string, unknown, string][] = [
    ['an empty body', {}, PAYLOAD_MESSAGES.empty],
    ['no budget', { goal: 'UTILIZATION', creatives: [] }, PAYLOAD_MESSAGES.empty],
    ['no goal', { total_budget: 500, creatives: [] }, PAYLOAD_MESSAGES.empty],
    ['creatives that are not a list', { goal: 'UTILIZATION', total_budget: 500, creatives: 'all' }, PAYLOAD_MESSAGES.arrays],
    ['integrations that are not a list', { goal: 'UTILIZATION', total_budget: 500, creatives: [{ tc: 1, tc_run_id: 1 }], integration_details: {} }, PAYLOAD_MESSAGES.arrays],
    ['a creative that is not an object', { goal: 'UTILIZATION', total_budget: 500, creatives: [7] }, PAYLOAD_MESSAGES.creatives],
    ['a creative without tc_run_id', { goal: 'UTILIZATION', total_budget: 500, creatives: [{ tc: 1 }] }, PAYLOAD_MESSAGES.tcKey],
    ['a creative without tc', { goal: 'UTILIZATION', total_budget: 500, creatives: [{ tc_run_id: 1 }] }, PAYLOAD_MESSAGES.tcKey],
  ];
  for (const [name, body, message] of cases) {
    it(`POST refuses ${name} with "${message}"`, async () => {
      const err = await expectError(call('POST', P(f.eventId), body), 400, 'error.validation.invalid');
      expect(err.issues!.map((i) => i.message)).toContain(message);
    });
  }

  it('PUT refuses an empty body and invalid creatives with the same messages', async () => {
    await freshSetup();
    expect((await expectError(call('PUT', P(f.eventId), {}), 400, 'error.validation.invalid')).issues![0]!.message).toBe(PAYLOAD_MESSAGES.empty);
    expect((await expectError(call('PUT', P(f.eventId), { creatives: [null] }), 400, 'error.validation.invalid')).issues![0]!.message).toBe(PAYLOAD_MESSAGES.creatives);
  });

  it('refuses clusters the event does not have, duplicate clusters, a runtime ending before it starts', async () => {
    await t.db.execute(sql`DELETE FROM setup_processes WHERE partner_id = 1001 AND event_id = ${f.eventId}`);
    const unknown = await expectError(call('POST', P(f.eventId), startBody(f, { creatives: [{ tc: 99, tc_run_id: f.runId }] })), 400, 'error.validation.invalid');
    expect(unknown.issues![0]).toEqual({ path: 'creatives.0.tc', message: 'Not a taste cluster of this event' });
    await expectError(call('POST', P(f.eventId), startBody(f, { creatives: [{ tc: 1, tc_run_id: f.runId }, { tc: 1, tc_run_id: f.runId }] })), 400, 'error.validation.invalid');
    await expectError(call('POST', P(f.eventId), startBody(f, { start_date: day(5), end_date: day(2) })), 400, 'error.validation.invalid');
    await freshSetup();
    const other = { ...fullCreative(f, 1), tc_run_id: f.runId + 1000 };
    await expectError(call('PUT', P(f.eventId), { creatives: [other] }), 400, 'error.validation.invalid');
    const stray = await expectError(call('PUT', P(f.eventId), { targeting: [postalTargeting(f, 42)] }), 400, 'error.validation.invalid');
    expect(stray.issues![0]!.path).toBe('targeting.0.tc');
  });

  it('refuses a variation code that is not 4 or 5 digits with "Invalid variation format"', async () => {
    await freshSetup();
    const bad = { ...fullCreative(f, 1), excluded_variations: ['111'] };
    const err = await expectError(call('PUT', P(f.eventId), { creatives: [bad] }), 400, 'error.validation.invalid');
    expect(err.issues![0]).toEqual({ path: 'creatives.0.excluded_variations.0', message: 'Invalid variation format' });
    const err2 = await expectError(call('PUT', P(f.eventId), { disabled_variations: { '1': ['1111', 'abcd'] } }), 400, 'error.validation.invalid');
    expect(err2.issues![0]!.message).toBe('Invalid variation format');
    // 'x' stands for every headline (spec 2 §3) and 5 characters for media 10 and above.
    expect((await call('PUT', P(f.eventId), { disabled_variations: { '1': ['x111', '11101'] } })).status).toBe(200);
  });

  it('refuses per-field values the contract does not allow (zod)', async () => {
    await freshSetup();
    await expectError(call('PUT', P(f.eventId), { total_budget: -5 }), 400, 'error.validation.invalid');
    await expectError(call('PUT', P(f.eventId), { goal: 'FAME' }), 400, 'error.validation.invalid');
    await expectError(call('PUT', P(f.eventId), { creatives: [{ ...fullCreative(f, 1), headline: ['x'.repeat(81)] }] }), 400, 'error.validation.invalid');
    await expectError(call('PUT', P(f.eventId), { unknown_field: 1 }), 400, 'error.validation.invalid');
  });
});

describe('tenancy and permissions', () => {
  it("another partner's event is not found, for every call", async () => {
    await freshSetup();
    for (const [method, path, body] of [
      ['GET', P(f.eventId), undefined],
      ['POST', P(f.eventId), startBody()],
      ['PUT', P(f.eventId), { total_budget: 1 }],
      ['DELETE', P(f.eventId), undefined],
      ['POST', `${P(f.eventId)}/boost`, undefined],
    ] as const) {
      await expectError(call(method, path, body, prisma), 404, 'error.common.notFound');
    }
    await expectError(call('GET', P('no-such-event')), 404, 'error.common.notFound');
    // The setup of partner 1001 is untouched.
    expect(SetupProcess.parse((await call('GET', P(f.eventId))).body).total_budget).toBe(900);
  });

  it("refuses another partner's assets (400) and a switched-off one (the permission error)", async () => {
    await freshSetup();
    const assets1002 = await connectAssets(t.db, 1002);
    const foreign = await expectError(call('PUT', P(f.eventId), { integration_details: [{ asset_class: 'facebook.ad_account', asset_id: assets1002.adAccount, platform: 'facebook' }] }), 400, 'error.validation.invalid');
    expect(foreign.issues![0]!.path).toBe('integration_details.0.asset_id');
    await connectRepo.setAssetEnabled(t.db, 1001, f.assets.chfAccount, false, new Date());
    const off = await expectError(call('PUT', P(f.eventId), { integration_details: [{ asset_class: 'facebook.ad_account', asset_id: f.assets.chfAccount, platform: 'facebook' }] }), 403, 'error.connect.facebook.missing_permissions');
    expect(off.data).toMatchObject({ account: 'Sandbox ads CHF' });
    await connectRepo.setAssetEnabled(t.db, 1001, f.assets.chfAccount, true, new Date());
  });

  it('needs the wave permission (403 with subcode wave)', async () => {
    for (const [method, path] of [['GET', P(f.eventId)], ['PUT', P(f.eventId)], ['POST', `${P(f.eventId)}/boost`]] as const) {
      const err = await expectError(call(method, path, method === 'PUT' ? { total_budget: 1 } : undefined, analyst), 403, 'error.auth.forbidden');
      expect(err.error_subcode).toBe('wave');
    }
  });
});

describe('validation before a boost (INVALID_SETUP)', () => {
  it('names every missing creative field (common.errors.fillRequired) and the missing targeting mode', async () => {
    await freshSetup();
    const problems = await setupProblems();
    for (const tc of f.tcs) {
      const fields = problems.filter((p) => p.tc === tc && p.area === 'creatives' && p.code === 'common.errors.fillRequired').map((p) => p.field);
      expect(fields.sort()).toEqual(['body', 'call_to_action', 'description', 'destination_url', 'headline', 'media']);
      expect(problems).toContainEqual({ area: 'targeting', tc, code: 'NO_TARGETING_MODE', field: 'targeting_mode' });
    }
  });

  it('names a wrong URL (common.errors.wrongUrlFormat) and a file that is not a completed upload', async () => {
    await freshSetup();
    const c1 = { ...fullCreative(f, 1), destination_url: ['tickets.example.org'] };
    const c2 = fullCreative(f, 2);
    const gone = await storeMediaUpload(t.db, 1001, POSTER_BYTES(), 'image/jpeg', 'gone.jpg');
    c2.media = [{ ...c2.media[0]!, id: gone, url: `/api/v3/storage/media/${gone}` }];
    const creatives = [c1, c2, fullCreative(f, 3)];
    expect((await call('PUT', P(f.eventId), { creatives, targeting: f.tcs.map((tc) => postalTargeting(f, tc)) })).status).toBe(200);
    // Saved while it was there, then purged: the boost looks again.
    await t.db.execute(sql`UPDATE uploads SET status = 'aborted' WHERE id = ${gone}`);
    const problems = await setupProblems();
    expect(problems).toContainEqual({ area: 'creatives', tc: 1, code: 'common.errors.wrongUrlFormat', field: 'destination_url.0' });
    expect(problems).toContainEqual({ area: 'creatives', tc: 2, code: 'common.errors.fileErrors.invalid', field: 'media.0' });
    expect(problems.filter((p) => p.tc === 3)).toEqual([]);
  });

  const loc = postalTargeting({ runId: 0 } as SetupFixture, 1).postal_codes.DE![0]!;
  const targetingCases: [string, (t: Targeting) => Targeting | null, string][] = [
    ['NO_POSTAL_CODES', (x) => ({ ...x, postal_codes: { DE: [] } }), 'NO_POSTAL_CODES'],
    ['NO_RANGE_LOCATIONS', (x) => ({ ...x, targeting_mode: 'range_locations', range_locations: { included: [], excluded: [] } }), 'NO_RANGE_LOCATIONS'],
    ['ALL_LOCATIONS_EXCLUDED', (x) => ({ ...x, targeting_mode: 'range_locations', range_locations: { included: [], excluded: [{ ...loc, kilometer_range: 20 }] } }), 'ALL_LOCATIONS_EXCLUDED'],
    ['NO_TARGETING_MODE', (x) => ({ ...x, targeting_mode: null }), 'NO_TARGETING_MODE'],
    ['NO_TC_TARGETING', () => null, 'NO_TC_TARGETING'],
  ];
  for (const [name, change, code] of targetingCases) {
    it(`names ${name} for the cluster it concerns`, async () => {
      await freshSetup();
      const targeting = f.tcs.map((tc) => (tc === 2 ? change(postalTargeting(f, tc)) : postalTargeting(f, tc))).filter((x): x is Targeting => x !== null);
      expect((await call('PUT', P(f.eventId), { creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting })).status).toBe(200);
      const problems = await setupProblems();
      expect(problems).toEqual([{ area: 'targeting', tc: 2, code, field: 'targeting_mode' }]);
    });
  }

  it('offers taste-cluster targeting only without an audience (UNKNOWN with one)', async () => {
    await freshSetup();
    const creatives: Creative[] = f.tcs.map((tc) => ({ ...fullCreative(f, tc), audience_id: tc === 1 ? '123,456' : null }));
    const targeting = f.tcs.map((tc) => ({ ...postalTargeting(f, tc), targeting_mode: 'fd_targeting' as const }));
    expect((await call('PUT', P(f.eventId), { creatives, targeting })).status).toBe(200);
    expect(await setupProblems()).toEqual([{ area: 'targeting', tc: 1, code: 'UNKNOWN', field: 'targeting_mode' }]);
  });

  it('needs an ad account and a page', async () => {
    await freshSetup();
    expect((await call('PUT', P(f.eventId), { integration_details: [], creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting: f.tcs.map((tc) => postalTargeting(f, tc)) })).status).toBe(200);
    const codes = (await setupProblems()).map((p) => p.code);
    expect(codes).toEqual(['error.connect.facebook.ad_account_id_required', 'error.connect.facebook.page_not_found', 'error.setup.pixel_required']);
  });

  it('needs a pixel for sales, but not for VISIBILITY', async () => {
    await freshSetup();
    const [account, page] = integrationDetails(f);
    const full = { creatives: f.tcs.map((tc) => fullCreative(f, tc)), targeting: f.tcs.map((tc) => postalTargeting(f, tc)) };
    expect((await call('PUT', P(f.eventId), { ...full, integration_details: [account, page] })).status).toBe(200);
    expect(await setupProblems()).toEqual([{ area: 'integrations', tc: null, code: 'error.setup.pixel_required', field: 'facebook.pixel' }]);
    // The wizard's Accounts step reads the same rule (issue 20 §2.2: decided once, in setup-rules).
    expect(await setupProblems()).toEqual([pixelProblem('UTILIZATION', null, false)]);
    expect(pixelProblem('VISIBILITY', null, false)).toBeNull();
    expect((await call('PUT', P(f.eventId), { goal: 'VISIBILITY' })).status).toBe(200);
    const ok = await call('POST', `${P(f.eventId)}/boost`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(202);
    // Not published here: the queued task is dropped with the setup.
    await t.db.execute(sql`DELETE FROM tasks WHERE id = ${ok.body.task_id}`);
  });

  it('refuses a cluster whose every variation is disabled', async () => {
    await freshSetup();
    const creatives = f.tcs.map((tc) => fullCreative(f, tc));
    expect((await call('PUT', P(f.eventId), { creatives, targeting: f.tcs.map((tc) => postalTargeting(f, tc)), disabled_variations: { '3': ['x111', 'x121', 'x211', 'x221'] } })).status).toBe(200);
    expect(await setupProblems()).toEqual([{ area: 'creatives', tc: 3, code: 'ALL_VARIATIONS_DISABLED', field: 'excluded_variations' }]);
  });
});

describe('boost', () => {
  afterEach(() => setAdPlatform(undefined));

  async function completeSetup(fx = f) {
    await freshSetup(fx);
    const r = await call('PUT', P(fx.eventId), {
      creatives: fx.tcs.map((tc) => fullCreative(fx, tc)),
      targeting: fx.tcs.map((tc) => postalTargeting(fx, tc)),
      disabled_variations: { '1': ['1111'] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return SetupProcess.parse(r.body);
  }

  it('INVALID_ACCOUNTS when an asset of the setup was switched off', async () => {
    await completeSetup();
    await connectRepo.setAssetEnabled(t.db, 1001, f.assets.page, false, new Date());
    try {
      const err = await expectError(call('POST', `${P(f.eventId)}/boost`), 422, 'error.setup.INVALID_ACCOUNTS');
      expect(err.message).toContain('reconnect the assets');
      expect(err.data!.problems).toEqual([{ area: 'integrations', tc: null, code: 'error.connect.facebook.missing_permissions', field: 'facebook.profile' }]);
    } finally {
      await connectRepo.setAssetEnabled(t.db, 1001, f.assets.page, true, new Date());
    }
  });

  it('publishes ONE campaign with an ad set per cluster; the campaigns list and the events badge show it', async () => {
    const s = await completeSetup();
    const before = await call('GET', `/api/v3/events/${f.eventId}`);
    expect(before.body.has_active_campaigns).toBe(false);
    const r = await call('POST', `${P(f.eventId)}/boost`);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    const taskId = r.body.task_id as string;
    // A second click while the task waits gets the same task.
    expect((await call('POST', `${P(f.eventId)}/boost`)).body.task_id).toBe(taskId);
    // While it runs the setup is frozen: what was checked is what gets published.
    await expectError(call('PUT', P(f.eventId), { total_budget: 5 }), 409, 'error.setup.boosting');
    await expectError(call('DELETE', P(f.eventId)), 409, 'error.setup.boosting');
    await drain();
    const task = await call('GET', `/api/v3/tasks/${taskId}`);
    expect(task.body.status, JSON.stringify(task.body)).toBe('SUCCESS');
    expect(task.body.result).toMatchObject({ ad_sets: 3, still_running_variations: { '1': ['1111'] } });

    const list = await campaignRowsOf(t.db, 1001, f.eventId);
    expect(list.map((c) => c.tc)).toEqual(f.tcs);
    expect(new Set(list.map((c) => c.meta_campaign_id)).size).toBe(1);
    expect(new Set(list.map((c) => c.meta_adset_id)).size).toBe(3);
    expect(list.every((c) => c.status === 'ACTIVE' && c.setup_process_id === s.id)).toBe(true);
    expect(list.reduce((a, c) => a + c.budget_minor, 0)).toBe(900 * 100);

    // No longer live: GET is 404, PUT and a new boost are 409 published.
    await expectError(call('GET', P(f.eventId)), 404, 'error.setup.not_found');
    await expectError(call('PUT', P(f.eventId), { total_budget: 5 }), 409, 'error.setup.published');
    await expectError(call('POST', `${P(f.eventId)}/boost`), 409, 'error.setup.published');

    const campaigns = EventCampaignsResponse.parse((await call('GET', `/api/campaign/events/${f.eventId}/campaigns`)).body);
    const running = campaigns.items.filter((i) => i.status === 'running');
    expect(running.map((i) => i.tc).sort()).toEqual(f.tcs);
    for (const item of running) {
      expect(item).toMatchObject({ published: true, budget: list.find((c) => c.tc === item.tc)!.budget_minor / 100, currency: 'EUR' });
      expect(item.set_up_date).not.toBeNull();
      expect(item.latest_campaign_setup).toMatchObject({ creative: { tc: item.tc, headline: expect.arrayContaining(['Mozart live']) }, targeting: { targeting_mode: 'postal_codes' }, disabled_variations: item.tc === 1 ? ['1111'] : [] });
    }
    const after = await call('GET', `/api/v3/events/${f.eventId}`);
    expect(after.body).toMatchObject({ has_active_campaigns: true, campaign_status: 'active' });
    const stats = await call('GET', '/api/v3/campaigns/fb/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.total_active_adsets - stats.body.total_active_campaigns).toBeGreaterThanOrEqual(2);
  });

  it('publishes the per-cluster split the new-setup panel showed (issue 20 §2.3), not equal shares', async () => {
    const f3 = await setupFixture(t.db, 1001, 2);
    // The panel's clusters and shares for 900 € (GET suggested_tcs), started as the panel starts them.
    const shown = (await call('GET', `/api/campaign/events/${f3.eventId}/suggested_tcs?budget=900&goal=UTILIZATION`)).body as { tc: number; tc_run_id: number; budget: number }[];
    expect(shown.length).toBeGreaterThan(1);
    expect(new Set(shown.map((x) => x.budget)).size, 'the fixture clusters differ in weight').toBeGreaterThan(1);
    const fx = { ...f3, tcs: shown.map((x) => x.tc), runId: shown[0]!.tc_run_id };
    await completeSetup(fx);
    const r = await call('POST', `${P(fx.eventId)}/boost`);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await drain();
    expect((await call('GET', `/api/v3/tasks/${r.body.task_id}`)).body.status).toBe('SUCCESS');
    const published = await campaignRowsOf(t.db, 1001, fx.eventId);
    expect(Object.fromEntries(published.map((c) => [c.tc, c.budget_minor / 100]))).toEqual(Object.fromEntries(shown.map((x) => [x.tc, x.budget])));
  });

  it('a cluster whose campaign runs is not suggested again; when every cluster runs, all stay offered', async () => {
    const f4 = await setupFixture(t.db, 1001, 3);
    const before = (await call('GET', `/api/campaign/events/${f4.eventId}/suggested_tcs?budget=3000&goal=UTILIZATION`)).body as { tc: number }[];
    expect(before.length).toBeGreaterThan(1);
    const first = before[0]!.tc;
    await completeSetup({ ...f4, tcs: [first] });
    const r = await call('POST', `${P(f4.eventId)}/boost`);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    await drain();
    expect((await call('GET', `/api/v3/tasks/${r.body.task_id}`)).body.status).toBe('SUCCESS');
    const after = (await call('GET', `/api/campaign/events/${f4.eventId}/suggested_tcs?budget=3000&goal=UTILIZATION`)).body as { tc: number }[];
    expect(after.length).toBeGreaterThan(0);
    expect(after.map((x) => x.tc)).not.toContain(first);
  });

  it('a platform failure leaves no campaign rows, keeps the setup synced with the error and fails the task with the code', async () => {
    const f2 = await setupFixture(t.db, 1001, 1);
    await completeSetup(f2);
    const real = adPlatform();
    setAdPlatform(Object.assign(Object.create(Object.getPrototypeOf(real)), real, {
      publishCampaign: async () => {
        throw new MetaError('graph_api_error', 'Meta said no.');
      },
    }));
    const r = await call('POST', `${P(f2.eventId)}/boost`);
    expect(r.status).toBe(202);
    await drain();
    const task = await call('GET', `/api/v3/tasks/${r.body.task_id}`);
    expect(task.body).toMatchObject({ status: 'FAILURE', result: { error_code: 'error.connect.facebook.graph_api_error' } });
    expect(await campaignRowsOf(t.db, 1001, f2.eventId)).toEqual([]);
    const s = SetupProcess.parse((await call('GET', P(f2.eventId))).body);
    expect(s).toMatchObject({ status: 'synced', error: { error_code: 'error.connect.facebook.graph_api_error' } });
  });
});

describe('media of a saved setup (server facts)', () => {
  const withMedia = (fx: SetupFixture, tc: number, id: string, over: Partial<Creative['media'][number]> = {}): Creative => {
    const c = fullCreative(fx, tc);
    return { ...c, media: [{ ...c.media[0]!, id, url: `/api/v3/storage/media/${id}`, ...over }] };
  };
  const putMedia = (id: string, over: Partial<Creative['media'][number]> = {}) =>
    call('PUT', P(f.eventId), { creatives: f.tcs.map((tc) => (tc === 1 ? withMedia(f, tc, id, over) : fullCreative(f, tc))) });

  it('refuses an invented id, another partner’s upload and a non-media upload (404), and a file breaking the rules (422)', async () => {
    await freshSetup();
    await expectError(putMedia(crypto.randomUUID()), 404, 'error.media.notFound');
    await expectError(putMedia(await storeMediaUpload(t.db, 1002, POSTER_BYTES(), 'image/jpeg', 'theirs.jpg')), 404, 'error.media.notFound');
    const file = await storeMediaUpload(t.db, 1001, POSTER_BYTES(), 'image/jpeg', 'file.jpg');
    await t.db.execute(sql`UPDATE uploads SET upload_type = 'file' WHERE id = ${file}`);
    await expectError(putMedia(file), 404, 'error.media.notFound');
    const unfinished = await storeMediaUpload(t.db, 1001, POSTER_BYTES(), 'image/jpeg', 'half.jpg');
    await t.db.execute(sql`UPDATE uploads SET status = 'uploading' WHERE id = ${unfinished}`);
    await expectError(putMedia(unfinished), 404, 'error.media.notFound');
    await expectError(putMedia(await storeMediaUpload(t.db, 1001, Buffer.alloc(5000, 7), 'image/jpeg', 'noise.jpg')), 422, 'error.media.rejected');
    // Nothing of the refused saves was stored.
    const s = SetupProcess.parse((await call('GET', P(f.eventId))).body);
    expect(s.creatives.flatMap((c) => c.media)).toEqual([]);
  });

  it('stores what the server read from the bytes, not what the browser claimed', async () => {
    await freshSetup();
    const video = await storeMediaUpload(t.db, 1001, mp4({ width: 1280, height: 720, duration: 30 }), 'video/mp4', 'teaser.mp4');
    const r = await putMedia(video, { type: 'image/png', width: 5, height: 5, size: 1, url: 'https://evil.example/x.png', duration: 1 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const item = SetupProcess.parse(r.body).creatives.find((c) => c.tc === 1)!.media[0]!;
    expect(item).toMatchObject({ id: video, type: 'video/mp4', width: 1280, height: 720, duration: 30, url: `/api/v3/storage/media/${video}` });
    expect(item.size).toBe((await rows<{ n: number }>(t.db, sql`SELECT size_bytes::int AS n FROM uploads WHERE id = ${video}`))[0]!.n);
    // An id already in the setup keeps its checked facts whatever a later save says, and is not
    // looked up again (the autosave resends it every time; the boost checks the uploads again).
    await t.db.execute(sql`UPDATE uploads SET status = 'aborted' WHERE id = ${video}`);
    const again = await putMedia(video, { width: 9, height: 9 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(SetupProcess.parse(again.body).creatives.find((c) => c.tc === 1)!.media[0]).toMatchObject({ width: 1280, height: 720 });
  });
});

describe('boost: what reaches the ad platform', () => {
  afterEach(() => setAdPlatform(undefined));

  /** The real sandbox with some methods wrapped. */
  function spyPlatform(over: (real: AdPlatform) => Partial<AdPlatform>) {
    const real = adPlatform();
    setAdPlatform(Object.assign(Object.create(Object.getPrototypeOf(real)), real, over(real)));
  }

  async function boostedSetup(fx: SetupFixture, video?: string) {
    await freshSetup(fx);
    const creatives = fx.tcs.map((tc) => {
      const c = fullCreative(fx, tc);
      return video ? { ...c, media: [...c.media, { ...c.media[0]!, id: video, index: 2, name: 'teaser.mp4', url: `/api/v3/storage/media/${video}`, type: 'video/mp4' as const }] } : c;
    });
    expect((await call('PUT', P(fx.eventId), { creatives, targeting: fx.tcs.map((tc) => postalTargeting(fx, tc)) })).status).toBe(200);
    const r = await call('POST', `${P(fx.eventId)}/boost`);
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    return r.body.task_id as string;
  }

  it('gives Meta signed links it can fetch without a session, and asks checkAsset once per asset', async () => {
    const fx = await setupFixture(t.db, 1001, 2);
    const bytes = mp4({ width: 1280, height: 720, duration: 30 });
    const video = await storeMediaUpload(t.db, 1001, bytes, 'video/mp4', 'teaser.mp4');
    const videoUrls: string[] = [];
    const imageUrls: string[] = [];
    let checks = 0;
    spyPlatform((real) => ({
      uploadVideo: async (token, account, url, name) => {
        videoUrls.push(url);
        return real.uploadVideo(token, account, url, name);
      },
      publishCampaign: async (token, req) => {
        for (const m of req.adSets.flatMap((s) => s.creative.media)) if (m.type === 'image') imageUrls.push(m.url);
        return real.publishCampaign(token, req);
      },
      checkAsset: async (token, ref) => {
        checks++;
        return real.checkAsset(token, ref);
      },
    }));
    const taskId = await boostedSetup(fx, video);
    checks = 0; // the boost call's own check is done; count the task's
    await drain();
    expect((await call('GET', `/api/v3/tasks/${taskId}`)).body.status).toBe('SUCCESS');
    expect(checks).toBe(integrationDetails(fx).length);

    expect(videoUrls).toHaveLength(1);
    const link = new URL(videoUrls[0]!);
    expect(link.pathname).toBe(`/api/v3/storage/media-link/${video}`);
    const fetched = await api.request(`${link.pathname}${link.search}`, { method: 'GET' });
    expect(fetched.status).toBe(200);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
    // The session-only path is what Meta got before: it cannot open it.
    expect((await api.request(`/api/v3/storage/media/${video}`, { method: 'GET' })).status).toBe(401);
    expect(imageUrls.length).toBeGreaterThan(0);
    for (const u of imageUrls) expect(new URL(u).pathname).toMatch(/^\/api\/v3\/storage\/media-link\//);
  });

  it('deletes the Meta campaign again when the campaign rows cannot be written, and records the failure', async () => {
    const fx = await setupFixture(t.db, 1001, 3);
    const published: string[] = [];
    const deleted: string[] = [];
    spyPlatform((real) => ({
      publishCampaign: async (token, req) => {
        const res = await real.publishCampaign(token, req);
        published.push(res.campaignId);
        return res;
      },
      deleteCampaign: async (token, id) => {
        deleted.push(id);
        return real.deleteCampaign(token, id);
      },
    }));
    const taskId = await boostedSetup(fx);
    await t.db.execute(sql.raw(`CREATE FUNCTION test_refuse_campaign() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'disk full'; END $$`));
    await t.db.execute(sql.raw(`CREATE TRIGGER test_refuse_campaign BEFORE INSERT ON campaigns FOR EACH ROW EXECUTE FUNCTION test_refuse_campaign()`));
    try {
      await drain();
    } finally {
      await t.db.execute(sql.raw(`DROP TRIGGER test_refuse_campaign ON campaigns`));
      await t.db.execute(sql.raw(`DROP FUNCTION test_refuse_campaign()`));
    }
    expect(published).toHaveLength(1);
    expect(deleted).toEqual(published);
    const task = await call('GET', `/api/v3/tasks/${taskId}`);
    expect(task.body).toMatchObject({ status: 'FAILURE', result: { error_code: 'error.setup.not_saved' } });
    expect(await campaignRowsOf(t.db, 1001, fx.eventId)).toEqual([]);
    const s = SetupProcess.parse((await call('GET', P(fx.eventId))).body);
    expect(s).toMatchObject({ status: 'synced', error: { error_code: 'error.setup.not_saved' } });
  });
});

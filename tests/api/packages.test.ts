// The package builder on the seeded demo (issue 23; spec 3 §2, §3, §4, §7): the demo's packages,
// a package built end to end through the task worker (initializing → inprogress → done), the
// same inputs giving the same package, the filters reaching the build, a build that finds nobody
// failing with words for the user, expiry and regenerate, merge and its rules, the customer list
// CSV (streamed, escaped, opted-out customers left out, headed in the user's language), another
// partner's packages (404) and the permission and feature flag (403).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { runOnce } from '../../src/server/jobs/worker';
import { nowMs, setClock } from '../../src/server/lib/clock';
import { createPackage, customerList, executeBuild, type PkgCtx } from '../../src/server/modules/packages';
import { Package, PackageCreated, PackageList, PACKAGES } from '../../src/lib/contracts/packages';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string; // partner 1001, every permission, German
let analyst: string; // partner 1001, lookout and sales only (no backhaul)
let prisma: string; // partner 1002: backhaul, but the partner's package-builder flag is off
let upcoming: string[]; // partner 1001's next marketable events, soonest first
let package1002: number;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDb({ seeded: true });
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  upcoming = (
    await rows<{ id: string }>(t.db, sql`
      SELECT id FROM events WHERE partner_id = 1001 AND start_date_time > now() + interval '2 days'
        AND frontend_status IN ('DEFAULT', 'FLAGGED') AND category <> 'product' ORDER BY start_date_time, id LIMIT 30`)
  ).map((r) => r.id);
  // Another partner's package, made through the service (its users cannot reach the API).
  const ev1002 = (await rows<{ id: string }>(t.db, sql`
    SELECT id FROM events WHERE partner_id = 1002 AND start_date_time > now() + interval '2 days' AND frontend_status IN ('DEFAULT', 'FLAGGED')
    ORDER BY start_date_time LIMIT 6`)).map((r) => r.id);
  const created = await createPackage(t.db, { partnerId: 1002, userId: null, language: 'en' }, { event_ids: ev1002, targeting_mode: 'selective_mode', num_packages: 3, n_top_events: 3, filters: { exclude_ticket_categories: ['free'] } });
  package1002 = created.id;
  await drain();
}, 240_000);
afterAll(() => t.close());
afterEach(() => setClock());

async function drain() {
  while (await runOnce(t.db, 'packages-test')) {
    /* until the queue is empty */
  }
}

async function call(method: string, path: string, opts: { json?: unknown; token?: string; headers?: Record<string, string> } = {}) {
  const res = await api.request(path, { method, token: opts.token ?? admin, json: opts.json, headers: opts.headers });
  return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
}
const P = '/api/v3/package_builder/packages';
const create = (json: unknown, token = admin) => call('POST', P, { json, token });
const getPkg = async (id: number) => Package.parse((await call('GET', `${P}/${id}`)).body);

/** Creates a package through the API and runs its build; answers the package. */
async function built(json: Record<string, unknown>) {
  const r = await create({ targeting_mode: 'selective_mode', ...json });
  expect(r.status, JSON.stringify(r.body)).toBe(202);
  await drain();
  return getPkg(r.body.id);
}

const members = async (id: number) =>
  rows<{ variation: number; customer_id: number; score: number }>(t.db, sql`SELECT variation, customer_id::int AS customer_id, score FROM package_members WHERE package_id = ${id} ORDER BY variation, customer_id`);

describe('the demo', () => {
  it('lists the seeded packages of partner 1001: built by the engine, done, with their events', async () => {
    const { status, body } = await call('GET', `${P}/`);
    expect(status).toBe(200);
    const list = PackageList.parse(body);
    const seeded = list.items.filter((p) => p.title.startsWith('Bühne') || p.title.startsWith('Konzerte'));
    expect(seeded).toHaveLength(2);
    for (const p of seeded) {
      expect(p.status).toBe('done');
      expect(p.n_customers).toBeGreaterThan(100);
      expect(p.events.length).toBeGreaterThanOrEqual(2);
      expect(p.events.every((e) => e.title.length > 0)).toBe(true);
      const full = await getPkg(p.id);
      expect(full.content!.length).toBeGreaterThanOrEqual(2);
      const [{ n }] = await rows<{ n: number }>(t.db, sql`SELECT count(DISTINCT customer_id)::int AS n FROM package_members WHERE package_id = ${p.id}`);
      expect(n).toBe(p.n_customers);
    }
    // The seed leaves no work in the queue.
    const [{ pending }] = await rows<{ pending: number }>(t.db, sql`SELECT count(*)::int AS pending FROM tasks WHERE kind = 'packages.build' AND status <> 'SUCCESS' AND partner_id = 1001`);
    expect(pending).toBe(0);
  });
});

describe('a package built through the task worker', () => {
  let id: number;
  let taskId: string;

  it('answers 202 with the id at once and shows initializing until the worker builds it', async () => {
    const r = await create({ event_ids: upcoming.slice(0, 8), package_title: 'Winter audiences', targeting_mode: 'selective_mode' });
    expect(r.status).toBe(202);
    const created = PackageCreated.parse(r.body);
    id = created.id;
    taskId = created.task_id;
    expect(created.status).toBe('initializing');
    const p = await getPkg(id);
    expect(p).toMatchObject({ status: 'initializing', title: 'Winter audiences', num_packages: PACKAGES.defaultNumPackages, n_top_events: 3, content: null, n_customers: null, merge_id: null });
    expect(p.events.map((e) => e.id)).toEqual(upcoming.slice(0, 8));
    expect(p.filter_settings).toEqual({ exclude_ticket_categories: ['free'] });
    const task = await call('GET', `/api/v3/tasks/${taskId}`);
    expect(task.body.status).toBe('PENDING');
  });

  it('is done after the worker ran: variations of spec 3 §3 with their customers stored as members', async () => {
    await drain();
    const p = await getPkg(id);
    expect(p.status).toBe('done');
    expect(p.error).toBeNull();
    expect(p.finished_at).not.toBeNull();
    expect(Date.parse(p.expires_at!) - Date.parse(p.finished_at!)).toBe(PACKAGES.expiryDays * DAY);
    const content = p.content!;
    expect(content.length).toBeGreaterThanOrEqual(2);
    expect(content.length).toBeLessThanOrEqual(3);
    const m = await members(id);
    for (const [v, variation] of content.entries()) {
      expect(variation.slug).toBe(variation.title.toLowerCase().replace(/\s+/g, '-'));
      expect(variation.campaign.keywords.length).toBeGreaterThan(0);
      for (const k of [1, 2, 3]) {
        const top = variation[`top_event_${k}`]!;
        expect(upcoming.slice(0, 8)).toContain(top.event_id);
        expect(top.title.length).toBeGreaterThan(0);
        expect(Number.isNaN(Date.parse(top.start_date_time))).toBe(false);
      }
      expect(variation.top_event_4).toBeUndefined();
      expect(variation.median_ticket_price).toBeGreaterThan(0);
      expect(variation.median_basket_size).toBeGreaterThan(0);
      const mine = m.filter((x) => x.variation === v);
      expect(mine.length).toBe(variation.n_customers);
      // Opted-out customers stay in the package, counted.
      const [{ opted }] = await rows<{ opted: number }>(t.db, sql`
        SELECT count(*)::int AS opted FROM package_members pm JOIN customers c ON c.id = pm.customer_id
        WHERE pm.package_id = ${id} AND pm.variation = ${v} AND c.ads_opt_out`);
      expect(variation.n_opted_out).toBe(opted);
      expect(opted).toBeGreaterThan(0);
    }
    // selective_mode: every customer in at most one variation.
    expect(new Set(m.map((x) => x.customer_id)).size).toBe(m.length);
    expect(p.n_customers).toBe(m.length);
    // Members are the partner's customers only.
    const [{ foreign }] = await rows<{ foreign: number }>(t.db, sql`
      SELECT count(*)::int AS foreign FROM package_members pm JOIN customers c ON c.id = pm.customer_id WHERE pm.package_id = ${id} AND c.partner_id <> 1001`);
    expect(foreign).toBe(0);
    const task = await call('GET', `/api/v3/tasks/${taskId}`);
    expect(task.body).toMatchObject({ ready: true, status: 'SUCCESS' });
    // The builder hears it is done, with a link to the results (and nobody else does).
    const notes = await rows<{ title: string; body: string; action_url: string; n: number }>(t.db, sql`
      SELECT title, body, action_url, count(*) OVER ()::int AS n FROM notifications WHERE template_data->>'package_id' = ${String(id)}`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ action_url: `/package-builder/results/${id}` });
    expect(`${notes[0].title} ${notes[0].body}`).toMatch(/Winter audiences/);
  });

  it('lists it first (newest first), without content', async () => {
    const list = PackageList.parse((await call('GET', `${P}/?page=1&limit=2`)).body);
    expect(list.items[0].id).toBe(id);
    expect(list.items).toHaveLength(2);
    expect(list.total).toBeGreaterThanOrEqual(3);
    expect('content' in list.items[0]).toBe(false);
  });

  it('an empty title falls back to Package- plus the date and hour (spec 3 §5)', async () => {
    const p2 = (n: number) => String(n).padStart(2, '0');
    const title = (ms: number) => {
      const d = new Date(ms);
      return `Package-${p2(d.getUTCDate())}.${p2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${p2(d.getUTCHours())}:00`;
    };
    const before = nowMs();
    const r = await create({ event_ids: upcoming.slice(0, 2), package_title: '   ', targeting_mode: 'inclusive_mode' });
    const after = nowMs();
    expect(r.status).toBe(202);
    expect([title(before), title(after)]).toContain((await getPkg(r.body.id)).title);
    await drain();
  });
});

describe('reproducible builds', () => {
  it('gives the same package for the same inputs (the seed comes from the inputs and is stored)', async () => {
    const at = nowMs();
    setClock(() => at);
    const inputs = { event_ids: upcoming.slice(3, 9), targeting_mode: 'inclusive_mode', num_packages: 3, n_top_events: 2 };
    const a = await built(inputs);
    // Same inputs in another order: the same seed, the same package.
    const b = await built({ ...inputs, event_ids: [...inputs.event_ids].reverse() });
    const seeds = await rows<{ seed: number }>(t.db, sql`SELECT seed FROM packages WHERE id IN (${a.id}, ${b.id}) ORDER BY id`);
    expect(seeds[0].seed).toBe(seeds[1].seed);
    expect(b.content).toEqual(a.content);
    expect(await members(b.id)).toEqual(await members(a.id));
    // Other inputs, another seed.
    const c = await create({ ...inputs, n_top_events: 3 });
    const [{ seed }] = await rows<{ seed: number }>(t.db, sql`SELECT seed FROM packages WHERE id = ${c.body.id}`);
    expect(seed).not.toBe(seeds[0].seed);
    await drain();
  });
});

describe('filters reach the build', () => {
  let base: Package;
  let baseMembers: Awaited<ReturnType<typeof members>>;
  const events = () => upcoming.slice(0, 6);

  beforeAll(async () => {
    base = await built({ event_ids: events() });
    baseMembers = await members(base.id);
  });

  const externalIds = async (ids: number[]) =>
    (await rows<{ external_id: string }>(t.db, sql`SELECT external_id FROM customers WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id`)).map((r) => r.external_id);

  it('excluded_customers: those customers are in no variation', async () => {
    const out = baseMembers.slice(0, 25).map((m) => m.customer_id);
    const p = await built({ event_ids: events(), filters: { excluded_customers: [...(await externalIds(out)), 'NOT-A-CUSTOMER'] } });
    expect(p.status).toBe('done');
    const ids = new Set((await members(p.id)).map((m) => m.customer_id));
    for (const c of out) expect(ids.has(c)).toBe(false);
    expect(p.filter_settings.excluded_customers).toHaveLength(26);
  });

  it('included_customers: only those customers can be in a variation', async () => {
    const only = baseMembers.slice(0, 40).map((m) => m.customer_id);
    const p = await built({ event_ids: events(), filters: { included_customers: await externalIds(only) } });
    expect(p.status).toBe('done');
    const got = (await members(p.id)).map((m) => m.customer_id);
    expect(got.length).toBeGreaterThan(0);
    for (const c of got) expect(only).toContain(c);
  });

  it('exclude_buying_behavior_above: customers whose typical ticket price is above it are left out', async () => {
    const p = await built({ event_ids: events(), filters: { exclude_buying_behavior_above: 20 } });
    expect(p.status).toBe('done');
    const got = await members(p.id);
    expect(got.length).toBeLessThan(baseMembers.length);
    // Every member's median paid price per ticket of the counted purchases is at most 20.
    const [{ over }] = await rows<{ over: number }>(t.db, sql`
      WITH typical AS (
        SELECT t.customer_id, percentile_cont(0.5) WITHIN GROUP (ORDER BY t.amount_minor::float8 / t.quantity / 100) AS price
        FROM ticket_transactions t JOIN events e ON e.id = t.event_id
        WHERE t.partner_id = 1001 AND t.quantity > 0 AND t.ticket_type NOT IN ('cancelled', 'free') AND e.start_date_time < now()
          AND t.customer_id IN (SELECT customer_id FROM package_members WHERE package_id = ${p.id})
        GROUP BY t.customer_id)
      SELECT count(*)::int AS over FROM typical WHERE price > 20.0001`);
    expect(over).toBe(0);
  });

  it('purchase dates and ticket categories are stored as sent and change who is chosen', async () => {
    const p = await built({ event_ids: events(), filters: { exclude_old_purchases_before: '2026-01-01', exclude_ticket_categories: ['free', 'regular discount', 'subscription'] } });
    expect(p.status).toBe('done');
    expect(p.filter_settings).toEqual({ exclude_old_purchases_before: '2026-01-01', exclude_ticket_categories: ['free', 'regular_discount', 'subscription'] });
    expect(await members(p.id)).not.toEqual(baseMembers);
  });

  it('a build that finds nobody ends failed, saying why; its task failed for good', async () => {
    const r = await create({ event_ids: events(), targeting_mode: 'selective_mode', filters: { exclude_recent_purchases_after: '1990-01-01' } });
    await drain();
    const p = await getPkg(r.body.id);
    expect(p.status).toBe('failed');
    expect(p.error).toMatch(/No customer’s purchase history fits/);
    expect(p.content).toBeNull();
    const task = await call('GET', `/api/v3/tasks/${r.body.task_id}`);
    expect(task.body.status).toBe('FAILURE');
    expect(await members(p.id)).toEqual([]);
    const [note] = await rows<{ title: string; action_url: string }>(t.db, sql`SELECT title, action_url FROM notifications WHERE template_data->>'package_id' = ${String(p.id)}`);
    expect(note).toMatchObject({ action_url: `/package-builder/results/${p.id}` });
    expect(note.title).toMatch(/^(Package failed|Paket fehlgeschlagen)$/);
  });
});

describe('the build task', () => {
  it('turns the event loop while it loads and builds (the worker shares the web process)', async () => {
    const ctx: PkgCtx = { partnerId: 1001, userId: null, language: 'de' };
    const created = await createPackage(t.db, ctx, { event_ids: upcoming.slice(0, 10), targeting_mode: 'selective_mode', num_packages: 3, n_top_events: 3, filters: { exclude_ticket_categories: ['free'] } });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const stages: string[] = [];
    try {
      await executeBuild(t.db, { partnerId: 1001, packageId: created.id, taskId: created.task_id }, async (p) => void stages.push(p.stage));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThanOrEqual(8);
    expect(stages).toEqual(expect.arrayContaining(['loading', 'links', 'history', 'scores', 'variations', 'statistics', 'storing']));
    await t.db.execute(sql`UPDATE tasks SET status = 'SUCCESS' WHERE id = ${created.task_id}`);
  });

  it('a build for a package regenerated meanwhile writes nothing (only the task the row waits for stores)', async () => {
    const ctx: PkgCtx = { partnerId: 1001, userId: null, language: 'de' };
    const created = await createPackage(t.db, ctx, { event_ids: upcoming.slice(0, 3), targeting_mode: 'selective_mode', num_packages: 2, n_top_events: 2, filters: { exclude_ticket_categories: ['free'] } });
    const stale = await executeBuild(t.db, { partnerId: 1001, packageId: created.id, taskId: '00000000-0000-0000-0000-000000000000' });
    expect(stale).toEqual({ package_id: created.id, skipped: true });
    expect((await getPkg(created.id)).status).toBe('initializing');
    await drain();
    expect((await getPkg(created.id)).status).toBe('done');
  });
});

describe('expiry and regenerate', () => {
  it('a done package reads expired after its expiry time and regenerate rebuilds it with the same inputs', async () => {
    const p = await built({ event_ids: upcoming.slice(10, 16), targeting_mode: 'inclusive_mode', n_top_events: 2 });
    const before = await members(p.id);
    const [{ seed }] = await rows<{ seed: number }>(t.db, sql`SELECT seed FROM packages WHERE id = ${p.id}`);
    // Its expiry time has come (the events are still ahead).
    await t.db.execute(sql`UPDATE packages SET expires_at = now() - interval '1 second', created_at = now() - interval '40 days' WHERE id = ${p.id}`);
    const expired = await getPkg(p.id);
    const createdBefore = Date.parse(expired.created_at);
    expect(expired.status).toBe('expired');
    expect(expired.content).toEqual(p.content); // an expired package still shows what it was
    const r = await call('POST', `${P}/${p.id}/regenerate`);
    expect(r.status).toBe(200);
    const again = Package.parse(r.body);
    expect(again).toMatchObject({ id: p.id, status: 'initializing', content: null, n_customers: null });
    // Regenerating makes it anew: its creation date is today's, not the old one (fresh-eyes).
    expect(Date.parse(again.created_at)).toBeGreaterThan(createdBefore + 39 * 86_400_000);
    // A second click while it is queued.
    const twice = await call('POST', `${P}/${p.id}/regenerate`);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice.res)).error_code).toBe('error.packages.build_running');
    await drain();
    const rebuilt = await getPkg(p.id);
    expect(rebuilt.status).toBe('done');
    expect(Date.parse(rebuilt.expires_at!)).toBeGreaterThan(Date.parse(p.expires_at!));
    const [{ seed: seed2 }] = await rows<{ seed: number }>(t.db, sql`SELECT seed FROM packages WHERE id = ${p.id}`);
    expect(seed2).toBe(seed);
    const after = await members(p.id);
    expect(after.length).toBeGreaterThan(0);
    // The members were replaced, not added to.
    expect(new Set(after.map((m) => `${m.variation}:${m.customer_id}`)).size).toBe(after.length);
    expect(before.length).toBeGreaterThan(0);
  });

  it('a package whose event has started reads expired; regenerate leaves the passed event out', async () => {
    const ids = upcoming.slice(16, 20);
    const p = await built({ event_ids: ids });
    await t.db.execute(sql`UPDATE events SET start_date_time = now() - interval '1 hour' WHERE id = ${ids[0]}`);
    expect((await getPkg(p.id)).status).toBe('expired');
    const r = await call('POST', `${P}/${p.id}/regenerate`);
    expect(r.status).toBe(200);
    expect(r.body.events.map((e: { id: string }) => e.id)).toEqual(ids.slice(1));
    await drain();
    const rebuilt = await getPkg(p.id);
    expect(rebuilt.status).toBe('done');
    for (const v of rebuilt.content!) expect(v.event_ids).not.toContain(ids[0]);
  });

  it('refuses to regenerate when every event has passed (422), a merged package (422), another partner’s (404)', async () => {
    const p = await built({ event_ids: upcoming.slice(20, 22) });
    await t.db.execute(sql`UPDATE events SET start_date_time = now() - interval '1 day' WHERE id = ANY(${sql.param(upcoming.slice(20, 22))}::text[])`);
    expect((await getPkg(p.id)).status).toBe('expired');
    const r = await call('POST', `${P}/${p.id}/regenerate`);
    expect(r.status).toBe(422);
    expect((await errorOf(r.res)).error_code).toBe('error.packages.no_upcoming_events');
    const other = await call('POST', `${P}/${package1002}/regenerate`);
    expect(other.status).toBe(404);
    expect((await errorOf(other.res)).error_code).toBe('error.common.notFound');
  });

  it('a failed build can be regenerated', async () => {
    const r = await create({ event_ids: upcoming.slice(0, 2), targeting_mode: 'selective_mode', filters: { exclude_recent_purchases_after: '1990-01-02' } });
    await drain();
    expect((await getPkg(r.body.id)).status).toBe('failed');
    const again = await call('POST', `${P}/${r.body.id}/regenerate`);
    expect(again.status).toBe(200);
    await drain();
    expect((await getPkg(r.body.id)).status).toBe('failed');
  });
});

describe('merge', () => {
  let a: Package;
  let b: Package;
  let merged: Package;
  const merge = (...ids: (number | string)[]) => call('POST', `${P}/merge?${ids.map((id) => `packages_ids=${id}`).join('&')}`);

  beforeAll(async () => {
    a = await built({ event_ids: upcoming.slice(0, 5), package_title: 'Source A' });
    b = await built({ event_ids: upcoming.slice(4, 10), package_title: 'Source B', targeting_mode: 'inclusive_mode' });
  });

  it('makes a new done package whose variations are the sources’ variations, merge_id "a_b"', async () => {
    const r = await merge(b.id, a.id);
    expect(r.status).toBe(201);
    merged = Package.parse(r.body);
    expect(merged.merge_id).toBe(`${a.id}_${b.id}`);
    expect(merged.status).toBe('done');
    expect(merged.targeting_mode).toBe('inclusive_mode');
    expect(merged.content!.map((v) => v.top_event_1!.event_id)).toEqual([...a.content!, ...b.content!].map((v) => v.top_event_1!.event_id));
    expect(new Set(merged.content!.map((v) => v.slug)).size).toBe(merged.content!.length);
    expect(merged.events.map((e) => e.id)).toEqual([...new Set([...upcoming.slice(0, 5), ...upcoming.slice(4, 10)])]);
    const ma = await members(a.id);
    const mb = await members(b.id);
    const mm = await members(merged.id);
    expect(mm.length).toBe(ma.length + mb.length);
    const shifted = [...ma, ...mb.map((m) => ({ ...m, variation: m.variation + a.content!.length }))].sort((x, y) => x.variation - y.variation || x.customer_id - y.customer_id);
    expect(mm).toEqual(shifted);
    expect(merged.n_customers).toBe(new Set(mm.map((m) => m.customer_id)).size);
    expect(merged.filter_settings.merged_from).toHaveLength(2);
  });

  it('refuses the same merge again (409 with the package’s id)', async () => {
    const r = await merge(a.id, b.id);
    expect(r.status).toBe(409);
    const err = await errorOf(r.res);
    expect(err.error_code).toBe('error.packages.merge_exists');
  });

  it('refuses a merged package as a source (422 already_merged)', async () => {
    const r = await merge(merged.id, a.id);
    expect(r.status).toBe(422);
    expect((await errorOf(r.res)).error_code).toBe('error.packages.already_merged');
    const regen = await call('POST', `${P}/${merged.id}/regenerate`);
    expect(regen.status).toBe(422);
    expect((await errorOf(regen.res)).error_code).toBe('error.packages.merged_not_regenerable');
  });

  it('refuses a package that is not done (building, failed or expired)', async () => {
    const building = await create({ event_ids: upcoming.slice(0, 2), targeting_mode: 'selective_mode' });
    const r = await merge(a.id, building.body.id);
    expect(r.status).toBe(422);
    const err = await errorOf(r.res);
    expect(err.error_code).toBe('error.packages.not_done');
    await drain();
    await t.db.execute(sql`UPDATE packages SET expires_at = now() - interval '1 second' WHERE id = ${a.id}`);
    const expired = await merge(a.id, building.body.id);
    expect(expired.status).toBe(422);
    expect((await errorOf(expired.res)).error_code).toBe('error.packages.not_done');
  });

  it('refuses one id, the same id twice, something that is not an id (400) and another partner’s package (404)', async () => {
    for (const q of [[a.id], [a.id, a.id], [a.id, 'x'], [a.id, -1], [a.id, 0], [a.id, 2147483648]]) {
      const r = await merge(...q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect((await errorOf(r.res)).error_code).toBe('error.validation.invalid');
    }
    const none = await call('POST', `${P}/merge`);
    expect(none.status).toBe(400);
    const other = await merge(a.id, package1002);
    expect(other.status).toBe(404);
    const many = await merge(...Array.from({ length: 11 }, (_, i) => a.id + i + 1000));
    expect(many.status).toBe(400);
  });
});

describe('customer list CSV', () => {
  let p: Package;
  const csv = async (id: number, title: string, headers: Record<string, string> = {}, query = '') => {
    const res = await api.request(`${P}/${id}/${encodeURIComponent(title)}/customer_list${query}`, { token: admin, headers });
    const bytes = res.status === 200 ? new Uint8Array(await res.arrayBuffer()) : new Uint8Array();
    // With its byte order mark (a TextDecoder would drop it).
    return { res, status: res.status, bom: bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
  };
  const parse = (text: string, sep: string) =>
    text
      .replace(/^\ufeff/, '')
      .split('\r\n')
      .filter((l) => l.length > 0)
      .map((l) => l.split(sep));

  beforeAll(async () => {
    p = await built({ event_ids: upcoming.slice(0, 6), package_title: 'Liste' });
    // Hostile content in a member's record: a formula, a separator and a quote.
    const m = (await members(p.id)).filter((x) => x.variation === 0);
    await t.db.execute(sql`UPDATE customers SET first_name = '=HYPERLINK("http://x")', last_name = 'Doe; "Jr"', city = '@SUM(A1)', ads_opt_out = false WHERE id = ${m[0].customer_id}`);
    await t.db.execute(sql`UPDATE customers SET ads_opt_out = true WHERE id = ${m[1].customer_id}`);
  });

  it('streams the variation’s customers in the user’s language (German: ; and decimal commas), opted-out ones left out', async () => {
    const v = p.content![0];
    const { res, status, text, bom } = await csv(p.id, v.slug);
    expect(status).toBe(200);
    expect(bom).toBe(true);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Liste_.+_\d{8}-\d{4}\.csv"; filename\*=UTF-8''/);
    expect(text.startsWith('\ufeff')).toBe(true);
    const lines = parse(text, ';');
    expect(lines[0]).toEqual(['Kunden-ID', 'Anrede', 'Vorname', 'Nachname', 'E-Mail', 'Straße', 'PLZ', 'Stadt', 'Telefon 1', 'Affinitätswert']);
    const [{ n }] = await rows<{ n: number }>(t.db, sql`
      SELECT count(*)::int AS n FROM package_members pm JOIN customers c ON c.id = pm.customer_id
      WHERE pm.package_id = ${p.id} AND pm.variation = 0 AND NOT c.ads_opt_out`);
    expect(lines.length - 1).toBe(n);
    const opted = await rows<{ external_id: string }>(t.db, sql`
      SELECT c.external_id FROM package_members pm JOIN customers c ON c.id = pm.customer_id
      WHERE pm.package_id = ${p.id} AND pm.variation = 0 AND c.ads_opt_out`);
    expect(opted.length).toBeGreaterThan(0);
    const listed = new Set(lines.slice(1).map((l) => l[0]));
    for (const o of opted) expect(listed.has(o.external_id)).toBe(false);
    expect(text).toMatch(/;\d+,\d+\r\n/); // the score with a decimal comma
  });

  it('escapes what a spreadsheet would run as a formula and quotes separators and quotes', async () => {
    const { text } = await csv(p.id, p.content![0].title);
    expect(text).toContain(`'=HYPERLINK(""http://x"")`);
    expect(text).toContain(`"Doe; ""Jr"""`);
    expect(text).toContain(`;'@SUM(A1);`);
    expect(text).not.toMatch(/[;\n]=HYPERLINK/);
  });

  it('follows the interface language: English header, commas and decimal points with the language cookie en', async () => {
    const { text } = await csv(p.id, p.content![0].slug, { cookie: 'i18nextLng=en' });
    const lines = text.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('Customer ID,Salutation,First name,Last name,Email,Street,ZIP code,City,Phone 1,Affinity score');
    expect(lines[1]).toMatch(/,\d+(\.\d+)?$/);
  });

  it('gives the same rows whatever the page size of the stream (keyset pages, no duplicate, customer id order)', async () => {
    const ctx = { partnerId: 1001, userId: null, language: 'en' as const, product: 'full-service' };
    const read = async (pageSize: number) => new Response((await customerList(t.db, ctx, p.id, p.content![0].slug, undefined, pageSize)).stream).text();
    const whole = await read(100_000);
    const paged = await read(7);
    expect(paged).toBe(whole);
    const ids = whole.split('\r\n').slice(1, -1).map((l) => l.split(',')[0]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('names the file after the export name with a timestamp', async () => {
    const { res } = await csv(p.id, p.content![0].slug, {}, '?name=Newsletter%20Dezember');
    expect(res.headers.get('content-disposition')).toMatch(/filename="Newsletter Dezember_\d{8}-\d{4}\.csv"/);
    const long = await csv(p.id, p.content![0].slug, {}, `?name=${'x'.repeat(81)}`);
    expect(long.status).toBe(400);
  });

  it('404 for an unknown variation or another partner’s package; 409 while the package is not built', async () => {
    expect((await csv(p.id, 'no-such-variation')).status).toBe(404);
    expect((await csv(package1002, 'anything')).status).toBe(404);
    const building = await create({ event_ids: upcoming.slice(0, 2), targeting_mode: 'selective_mode' });
    const r = await csv(building.body.id, 'x');
    expect(r.status).toBe(409);
    expect((await errorOf(r.res)).error_code).toBe('error.packages.not_ready');
    await drain();
  });
});

describe('tenancy and access', () => {
  it('another partner’s package is not found', async () => {
    const r = await call('GET', `${P}/${package1002}`);
    expect(r.status).toBe(404);
    expect((await errorOf(r.res)).error_code).toBe('error.common.notFound');
    const list = PackageList.parse((await call('GET', `${P}/`)).body);
    expect(list.items.map((i) => i.id)).not.toContain(package1002);
  });

  const routes: [string, string, unknown?][] = [
    ['GET', `${P}/`],
    ['GET', `${P}/1`],
    ['POST', P, { event_ids: ['e1001-00001'], targeting_mode: 'selective_mode' }],
    ['POST', `${P}/1/regenerate`],
    ['POST', `${P}/merge?packages_ids=1&packages_ids=2`],
    ['GET', `${P}/1/x/customer_list`],
    ['GET', '/api/v3/package_builder/events?page=1'],
    ['POST', '/api/v3/customers/', { ids: ['C1001-000001'] }],
  ];

  it('every call needs the backhaul permission (403, subcode backhaul)', async () => {
    for (const [method, path, json] of routes) {
      const r = await call(method, path, { json, token: analyst });
      expect(r.status, `${method} ${path}`).toBe(403);
      const err = await errorOf(r.res);
      expect(err.error_code).toBe('error.auth.forbidden');
      expect(err.error_subcode).toBe('backhaul');
    }
  });

  it('every call needs the package-builder feature flag (403, subcode package-builder)', async () => {
    for (const [method, path, json] of routes) {
      const r = await call(method, path, { json, token: prisma });
      expect(r.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(r.res)).error_subcode).toBe('package-builder');
    }
  });

  it('without a session every call is 401', async () => {
    for (const [method, path, json] of routes) {
      const res = await api.request(path, { method, json });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('Sentinel’s customer reads keep their own permission', async () => {
    const r = await call('GET', '/api/v3/customers/1', { token: analyst });
    expect(r.status).toBe(403);
    expect((await errorOf(r.res)).error_subcode).toBe('sentinel');
  });
});

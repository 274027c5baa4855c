// Never again a 500 for bad input (ARCHITECTURE.md §3): every route of the Hono app, found by
// walking `app.routes`, gets requests generated from the zod contracts its validate() middlewares
// check (tests/helpers/fuzz-api.ts) — valid ones, invalid ones and hostile ones (NUL, lone
// surrogates, numbers past int4 and float8, impossible dates, malformed %-encodings, 1 MB
// strings, prototype keys, wrong content types, empty and multipart bodies) — signed in as the
// admin of partner 1001 (every permission) and now and then as nobody or with a broken session.
//
// Every answer must be below 500, an /api error must be the JSON error body, and no body may show
// a stack frame or SQL. Each route collects all its distinct failures (grouped by the server's
// error) and fails with one reproducing request per group. A route added later is fuzzed without
// anyone listing it; a route with a contract gets inputs that pass it and reach its service.
//
//   FUZZ_RUNS=2000 npx vitest run tests/api/fuzz-routes.test.ts     longer, locally
//   FUZZ_SEED=123 …                                                  other inputs (CI uses a fixed seed)
//   FUZZ_ONLY='POST /api/v3/events' …                                one route (substring match)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { Hono } from 'hono';
import { z } from 'zod';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, cookieHeader } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { createApp } from '../../src/server/api/app';
import { validate } from '../../src/server/api/validate';
import { SESSION_COOKIE } from '../../src/lib/constants';
import { SALES_TEMPLATE_COLUMNS } from '../../src/lib/contracts/sales';
import { TEMPLATE_EVENT_HEADERS, TEMPLATE_SHEETS } from '../../src/server/modules/events/bulk/template';
import { apiEndpoints, describeRequest, errorSignature, exampleCandidates, problemsOf, requestArb, sweepRequests, type Endpoint, type Example, type FuzzBody, type FuzzRequest, type Known } from '../helpers/fuzz-api';
import { FORM_CATEGORIES } from '../../src/lib/contracts/event-form';
import { sql } from 'drizzle-orm';
import { sandboxToken } from '../../src/server/adapters/meta/sandbox';
import { storeToken } from '../../src/server/modules/meta-connect';
import { ATTRIBUTION_MODELS } from '../../src/lib/attribution';
import { fuzzRuns, fuzzSeed } from '../helpers/fuzz-values';

/** Random runs per route, after the sweep (see the timing note in the report). */
const RUNS = fuzzRuns(25);
const ONLY = process.env.FUZZ_ONLY;
/** FUZZ_VERBOSE=1 prints every request with its answer, and each route's statuses. */
const VERBOSE = !!process.env.FUZZ_VERBOSE;

// The route table, read from an app whose database is never asked for (only routes are listed).
const ENDPOINTS = apiEndpoints(createApp(async () => Promise.reject(new Error('route listing only'))));
const FUZZED = ENDPOINTS.filter((e) => !ONLY || `${e.method} ${e.path}`.includes(ONLY));

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let session = { token: '', cookie: '' };
const FILES: Record<string, Uint8Array> = {};
const known: Known = new Map<string, unknown[]>([
  ['id', ['e1001-00001', 'e1001-00007', 'e1001-sim-1', 'e1002-00001']],
  ['event_id', ['e1001-00001', 'e1001-00002', 'e1001-00006', 'e1001-00007', 'e1002-00001']],
  ['eid', ['E1001-00001', 'e1001-00003', 'E1002-1']],
  ['partner_id', [1001, 1002]],
  // Never the admin's address: failed sign-ins would lock the account the fuzz runs as.
  ['username', ['analyst@encore.demo', 'nobody@encore.demo']],
  ['email', ['analyst@encore.demo', 'nobody@encore.demo']],
  ['category', [...FORM_CATEGORIES, 'ticketing', 'program', 'other']],
  ['content_type', ['application/pdf', 'text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']],
  ['object_name', ['report.pdf', 'sales.csv']],
  ['model', [...ATTRIBUTION_MODELS]],
  // The forecast calendar (issue 25): known countries and regions in any case, ones that name none.
  ['country', ['DE', 'gb', 'CK', 'PT', 'XX']],
  ['region', ['NW', 'eng', 'Aitutaki', 'ZZ', null]],
  ['url', ['/api/v3/storage/objects/x.pdf', '/api/v3/storage/objects/%', '/api/v3/storage/objects/a%00b', '/api/v3/storage/objects/%E0%A4%A', 'https://evil.example/x']],
]);

const dayFromNow = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const EVENT_FORM = {
  name: 'Fuzz Night', description: 'A night', category: 'symphony', date: dayFromNow(30), time: '19:30', city: 'Köln', venue: 'Konzerthaus', hall: 'Großer Saal',
  capacity: 500, price: 25.5, lineups: [{ artist_name: 'Anna', artist_type: 'soloist' }], setlists: [{ artist_name: 'Beethoven', track: 'Sinfonie 9' }], tz: 'Europe/Berlin',
};
/**
 * Valid examples for contracts whose refinements random values seldom pass (the sweep starts from
 * them). Optional: a route without one gets an example generated from its contract.
 */
const EXAMPLES: Record<string, Partial<Example>> = {
  'POST /api/v3/events': { json: EVENT_FORM },
  'PUT /api/v3/events/:id': { params: { id: 'e1001-sim-1' }, json: EVENT_FORM },
  // The known ids are past events (409 event_past): the demo's later ids are months ahead on any date.
  'GET /api/v3/events/:id/default_campaigns_parameters': { params: { id: 'e1001-00003' } },
  // The location is JSON text inside the query (spec 2 §7), which random strings never are.
  'GET /api/v3/fb_targeting/suggested_radius': { query: { location: '{"country":"DE","name":"Berlin"}', distance_unit: 'kilometer' } },
  'POST /api/v3/ingest/transaction_summary': { json: { event_id: 'e1001-00002', start_date: dayFromNow(-10), end_date: dayFromNow(-3), ticket_types: { regular: { count: 12, revenue: 480 }, free: { count: 1, revenue: 0 } } } },
};

interface Failure {
  route: string;
  kind: string;
  signature: string;
  count: number;
  example: string;
  detail: string;
}
const allFailures: Failure[] = [];

/** Cells that have broken spreadsheet readers: NUL, lone surrogates, huge and tiny numbers, impossible dates. */
const HOSTILE_CELLS: (string | number | Date | null)[] = ['a\u0000b', '\ud800', 1e39, -1, 2147483648, 1e-320, '2027-13-45', '0000-00-00', '', null, 'NaN', '=1+1', 'x'.repeat(40_000), new Date(8.64e15)];

async function workbook(sheet: string, header: readonly string[], valid: (string | number)[]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow([...header]);
  ws.addRow(valid);
  for (let r = 0; r < HOSTILE_CELLS.length; r++) ws.addRow(header.map((_, c) => (c === r % header.length ? HOSTILE_CELLS[r] : valid[c])));
  for (let r = 0; r < HOSTILE_CELLS.length; r++) ws.addRow(header.map((_, c) => HOSTILE_CELLS[(r + c) % HOSTILE_CELLS.length]));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

async function rows(sheet: string, header: readonly string[], body: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  ws.addRow([...header]);
  for (const r of body) ws.addRow(r);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Signs the admin in again when a fuzzed call ended or restricted the session (logout, revoke all, MFA off). */
async function ensureSession(): Promise<void> {
  const res = await api.request('/api/v3/partners', { cookie: session.cookie });
  if (res.status === 200) return;
  const s = await api.signIn('admin@encore.demo');
  session = { token: s.token, cookie: cookieHeader(s.cookie, [SESSION_COOKIE]) };
}

let ipCounter = 0;
async function send(app: Hono<never>, req: FuzzRequest): Promise<{ status: number; contentType: string; text: string }> {
  const headers = new Headers();
  const set = (k: string, v: string) => {
    try {
      headers.set(k, v);
    } catch {
      /* a value no HTTP client can send */
    }
  };
  if (req.auth === 'session') set('cookie', session.cookie);
  if (req.auth === 'bearer') set('authorization', `Bearer ${session.token}`);
  if (req.auth === 'bad-cookie') set('cookie', `${SESSION_COOKIE}=%E0%A4%A%00${'x'.repeat(300)}`);
  if (req.auth === 'bad-bearer') set('authorization', 'Bearer %00\'; DROP TABLE sessions; --');
  if (req.partner !== null) set('x-preferred-partner-id', req.partner);
  if (req.origin !== null) set('origin', req.origin);
  let body: BodyInit | undefined;
  if (req.body.kind === 'json') {
    body = JSON.stringify(req.body.value) ?? '';
    if (req.body.contentType) set('content-type', req.body.contentType);
  } else if (req.body.kind === 'text') {
    body = req.body.text;
    if (req.body.contentType !== null) set('content-type', req.body.contentType);
  } else if (req.body.kind === 'multipart') {
    const form = new FormData();
    for (const [k, v] of req.body.fields) form.append(k, v);
    if (req.body.file) form.append('file', new Blob([FILES[req.body.file]! as BlobPart]), req.body.fileName);
    body = form;
  }
  const n = ++ipCounter;
  const res = await app.request(`http://localhost${req.path}${req.query ? `?${req.query}` : ''}`, { method: req.method, headers, body }, { clientAddress: `172.16.${(n >> 8) & 255}.${n & 255}` });
  const contentType = res.headers.get('content-type') ?? '';
  const text = new TextDecoder().decode(await res.arrayBuffer());
  return { status: res.status, contentType, text };
}

/** Ids in successful answers feed later requests (an upload made by one route is completed by the next). */
function harvest(text: string): void {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return;
  }
  const add = (key: string, v: unknown) => {
    if (typeof v !== 'string' || v.length > 200) return;
    const pool = known.get(key) ?? [];
    if (!pool.includes(v) && pool.length < 40) pool.push(v);
    known.set(key, pool);
  };
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || !v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if (/^(id|ids|task_id|upload_id|recompute_task_id|event_id)$/.test(k)) for (const one of Array.isArray(x) ? x : [x]) (add(k === 'ids' ? 'id' : k, one), add('id', one));
      else walk(x, depth + 1);
    }
  };
  walk(body, 0);
}

/** Fuzzes one endpoint; returns its distinct failures (one reproducing request each, the shortest seen). */
async function fuzzEndpoint(app: Hono<never>, ep: Endpoint, runs: number): Promise<Failure[]> {
  const route = `${ep.method} ${ep.path}`;
  const { base, seed } = fuzzSeed(route);
  const groups = new Map<string, Failure>();
  const statuses = new Map<number, number>();
  let requests = 0;
  const started = performance.now();
  const logged: unknown[][] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
  try {
    await ensureSession();
    const check = async (req: FuzzRequest) => {
      logged.length = 0;
      const res = await send(app, req);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (VERBOSE) process.stdout.write(`${res.status} ${describeRequest(req).slice(0, 240)}\n      → ${res.text.slice(0, 160)}\n`);
      if (res.status < 300) harvest(res.text);
      const problems = problemsOf(req.path, res.status, res.contentType, res.text);
      if (problems.length) {
        const err = logged.flat().find((x): x is Error => x instanceof Error);
        const cause = err?.cause instanceof Error ? err.cause : undefined;
        const serverError = err ? `${err.name}: ${errorSignature(cause?.message ?? err.message)}` : '';
        for (const p of problems) {
          const signature = serverError || errorSignature(p.detail);
          const key = `${p.kind}|${signature}`;
          const example = describeRequest(req);
          const g = groups.get(key);
          if (!g) groups.set(key, { route, kind: p.kind, signature, count: 1, example, detail: `${p.detail}${err ? ` — server: ${(cause?.message ?? err.message).split('\n')[0]!.slice(0, 200)}` : ''}` });
          else {
            g.count++;
            if (example.length < g.example.length) g.example = example;
          }
        }
      }
      if (req.auth === 'session' && res.status === 401) await ensureSession(); // the request signed us out
    };
    // 1. The sweep: a valid example (the first candidate the server accepts), then each of its leaves in turn made hostile.
    // A write without a JSON contract (an upload) is probed with each test file too, and swept
    // with the first body the server takes (or, failing that, the first it refuses differently
    // from no body at all: the file got further).
    const candidates = exampleCandidates(ep, known, seed, EXAMPLES[route]);
    const uploads = !ep.contracts.json && ep.method !== 'GET' && ep.method !== 'DELETE';
    const bodies: FuzzBody[] = [{ kind: 'none' }, ...(uploads ? Object.keys(FILES).map((file) => ({ kind: 'multipart' as const, file, fileName: file, fields: [] })) : [])];
    let example = candidates[0]!;
    let baseBody: FuzzBody | undefined;
    probe: for (const candidate of candidates) {
      let bare = 0;
      for (const body of bodies) {
        const req = sweepRequests(ep, candidate)[0]!;
        const res = await send(app, body.kind === 'none' ? req : { ...req, body });
        if (body.kind === 'none') bare = res.status;
        if (res.status < 300) {
          example = candidate;
          baseBody = body.kind === 'none' ? undefined : body;
          break probe;
        }
        if (body.kind !== 'none' && res.status !== bare && baseBody === undefined) baseBody = body;
      }
    }
    const sweep = sweepRequests(ep, example, Object.keys(FILES)).map((r) => (baseBody && r.body.kind === 'none' ? { ...r, body: baseBody } : r));
    for (const req of sweep) await check(req);
    // 2. Random requests from the contracts (fixed seed; FUZZ_SEED / FUZZ_RUNS to explore more).
    await fc.assert(
      fc.asyncProperty(requestArb(ep, { known, files: Object.keys(FILES) }), async (req) => {
        await check(req);
        return true;
      }),
      { seed, numRuns: runs, endOnFailure: true },
    );
    requests = sweep.length + runs;
  } finally {
    spy.mockRestore();
  }
  if (VERBOSE || process.env.FUZZ_PROGRESS) process.stderr.write(`${route}: ${requests} requests in ${Math.round(performance.now() - started)} ms, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}\n`);
  const failures = [...groups.values()];
  for (const f of failures) f.detail += ` (seed ${base}, route seed ${seed})`;
  return failures;
}

function report(failures: Failure[]): string {
  return failures.map((f) => `  [${f.kind}] ×${f.count} ${f.signature}\n     e.g. ${f.example}\n     ${f.detail}`).join('\n');
}

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  FILES['empty'] = new Uint8Array();
  FILES['bytes'] = new Uint8Array(Array.from({ length: 2048 }, (_, i) => (i * 7919) % 256));
  FILES['zip-cut'] = new TextEncoder().encode('PK\u0003\u0004\u0014\u0000\u0000\u0000\u0008\u0000garbage');
  FILES['events.xlsx'] = await workbook(TEMPLATE_SHEETS.events, TEMPLATE_EVENT_HEADERS, ['FZ1', 'Fuzz Night', 'symphony', day, '19:30', 25, 'Köln', 'Konzerthaus', 'Großer Saal', 500, '']);
  FILES['sales.xlsx'] = await workbook('Sales', SALES_TEMPLATE_COLUMNS, [new Date().toISOString().slice(0, 10), 3, 75, 'regular']);
  // Workbooks whose every row is valid but for one kind of hostile value, so they pass the row
  // checks (which refuse the whole file for one bad row) and reach the database.
  for (const [name, text] of [['nul', 'Fuzz\u0000Night'], ['surrogate', 'Fuzz\ud800Night']] as const) {
    FILES[`events-${name}.xlsx`] = await rows(TEMPLATE_SHEETS.events, TEMPLATE_EVENT_HEADERS, [[`FZ-${name}`, text, 'symphony', day, '19:30', 25, text, text, text, 500, text]]);
  }
  const today = new Date().toISOString().slice(0, 10);
  FILES['sales-huge.xlsx'] = await rows('Sales', SALES_TEMPLATE_COLUMNS, [[today, 2147483648, 1e39, 'regular'], [today, 1e15, 1e-320, 'free']]);
  // A published campaign (sandbox ad set) on e1001-00001 and a live sandbox token, so the running-
  // campaign routes (statistics, budget/runtime, status, edit) are fuzzed past their 404 and 403.
  await t.db.execute(sql`UPDATE campaigns SET meta_campaign_id = 'sbx-fuzz-campaign', meta_adset_id = 'sbx-fuzz-adset', budget_minor = 300000, published_at = start_time
                         WHERE partner_id = 1001 AND event_id = 'e1001-00001'`);
  await storeToken(t.db, { partnerId: 1001, actor: 'user:fuzz' }, { accessToken: sandboxToken('1001', new Date()), expiresAt: new Date(Date.now() + 86_400_000), tokenType: 'USER' });
}, 120_000);

afterAll(async () => {
  if (allFailures.length) {
    const routes = new Set(allFailures.map((f) => f.route)).size;
    console.log(`\nroute fuzz: ${allFailures.length} distinct failures on ${routes} routes (FUZZ_SEED=${fuzzSeed('').base}, FUZZ_RUNS=${RUNS})\n${allFailures.map((f) => `${f.route}\n${report([f])}`).join('\n')}`);
  }
  await t?.close();
});

describe('the route fuzz harness', () => {
  it('finds every route of the app with the contracts its validate() calls check', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(60);
    const form = ENDPOINTS.find((e) => e.method === 'POST' && e.path === '/api/v3/events');
    expect(form?.contracts.json?.properties).toHaveProperty('name');
    expect(form?.contracts.query?.properties).toHaveProperty('event_type');
    expect(ENDPOINTS.find((e) => e.method === 'GET' && e.path === '/api/v3/tasks/:id')?.contracts.param?.properties).toHaveProperty('id');
    // Routes without a contract are fuzzed too (generic inputs).
    expect(ENDPOINTS.find((e) => e.method === 'GET' && e.path === '/api/v3/events/venues')?.contracts).toEqual({});
  });

  it('catches a 500 planted behind a contract, a bad error body and a leaked query (so a green run means something)', async () => {
    const app = createApp(t.db);
    // Added after createApp, as a new router would be: the walk finds them and their contract.
    app.post('/api/v3/__canary/:id', validate('json', z.object({ name: z.string().max(50), n: z.number().int() })), (c) => {
      const { name, n } = c.req.valid('json');
      // (A NUL in name no longer reaches a handler: validate()'s net refuses it first.)
      if (n < 0) throw new Error('canary: a negative count reached the database');
      if (c.req.param('id') === '%') return c.text('Bad request', 400);
      if (n === 2147483648) return c.json({ message: 'relation "secret" does not exist', error_code: 'error.x' }, 400);
      return c.json({ ok: true });
    });
    const ep = apiEndpoints(app).find((e) => e.path === '/api/v3/__canary/:id')!;
    expect(ep.contracts.json?.properties).toHaveProperty('name');
    const failures = await fuzzEndpoint(app as never, ep, 60);
    const kinds = failures.map((f) => `${f.kind} ${f.signature}`);
    expect(kinds.some((k) => k.startsWith('500 Error: canary'))).toBe(true);
    expect(kinds.some((k) => k.startsWith('format'))).toBe(true);
    expect(kinds.some((k) => k.startsWith('leak: SQL relation'))).toBe(true);
  }, 120_000);
});

describe.each(FUZZED.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))('fuzz %s', (_name, ep) => {
  it(`never a 5xx, always the JSON error body, never a stack or SQL (${RUNS} requests)`, async () => {
    const failures = await fuzzEndpoint(api.app as never, ep, RUNS);
    allFailures.push(...failures);
    if (failures.length) throw new Error(`${failures.length} distinct failure(s) of ${ep.method} ${ep.path}:\n${report(failures)}`);
  }, 120_000);
});

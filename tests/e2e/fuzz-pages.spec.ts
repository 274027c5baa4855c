// Never again a 500 on a page: every page route — the route table (src/lib/routes.ts) and every
// file under src/pages, so a page added later is covered without anyone listing it — gets hostile
// path parameters (an encoded `%`, cut UTF-8, encoded lone surrogates, NUL, `..`, numbers past
// int4, long segments) and hostile query strings, signed out and signed in as the admin, through
// the built server (Astro, our middleware and src/server/http/serve.ts, which the in-process API
// fuzz of tests/api/fuzz-routes.test.ts does not pass through).
//
// Every answer: never a 5xx; a page answers 200, a redirect (followed once, same checks) or 404
// with the site's not-found page; an /api path answers the JSON error body; no body shows a stack
// frame or SQL. FUZZ_RUNS and FUZZ_SEED widen the random part locally.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import fc from 'fast-check';
import { ROUTES } from '../../src/lib/routes';
import { BASE_URL, DEVICES_FILE, PASSWORD, USERS } from './helpers';
import { RAW_QUERIES, fuzzRuns, fuzzSeed, hostileSegment, leaksIn } from '../helpers/fuzz-values';

/** Raw path segments (malformed %-encodings stay malformed on the wire). */
const SEGMENTS = ['%', '%25', '100%25', '%E0%A4%A', '%ED%A0%80', '%C0%AF', '%00', 'a%00b', '%2F', '%5C', '..', '%2e%2e', '2147483648', '-1', '1e39', '__proto__', 'x'.repeat(3000)];
/** Query strings for pages without parameters (and one per page with them). */
const QUERIES = ['q=%', 'next=%E0%A4%A', 'reason=%00', 'lang=de%ED%A0%80', '__proto__[polluted]=1', 'page=1e39&page=-1', 'since=2027-13-45'];
/** Answers a page may give. 414/431 only for URLs past Node's header limit (see longUrl). */
const PAGE_STATUSES = new Set([200, 302, 303, 404]);
const NOT_FOUND_MARK = 'id="not-found-title"';
/** The built server's own limit (Node: 16 KB of headers); a longer URL is refused before Astro. */
const longUrl = (url: string) => url.length > 8_000;

/** Page patterns: the route table plus every page file (src/pages, `[name]` → `:name`), without the API. */
function pagePatterns(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(astro|ts|tsx|md|mdx)$/.test(entry.name)) files.push(path.relative('src/pages', full));
    }
  };
  walk('src/pages');
  const fromFiles = files
    .map((f) => `/${f.replace(/\.(astro|ts|tsx|md|mdx)$/, '').replace(/(^|\/)index$/, '')}`.replace(/\[\.\.\.(\w+)\]/g, ':$1').replace(/\[(\w+)\]/g, ':$1'))
    .filter((p) => !p.startsWith('/api/'));
  return [...new Set([...ROUTES.map((r) => r.pattern), ...fromFiles])].sort();
}

const fill = (pattern: string, values: Record<string, string>) => pattern.replace(/:(\w+)/g, (_m, name: string) => values[name] ?? valid(name));
/** A plausible value per parameter name, so only one parameter at a time is hostile. */
function valid(name: string): string {
  return name === 'eventId' ? 'e1001-00001' : name === 'eid' ? 'TIX-1001-1' : name === 'mode' ? 'sales_summary' : name === 'language' ? 'en' : name === 'partnerId' ? '1001' : '1';
}

interface Failure {
  url: string;
  who: string;
  problem: string;
}

/** No answer within this is a failure too (a hang is a denial of service). */
const SLOW_MS = 10_000;

/** Patterns of the route table a signed-out visitor may not open (a 200 for them is a guard bypass). */
const PROTECTED = new Set(ROUTES.filter((r) => !r.public).map((r) => r.pattern));

async function check(api: APIRequestContext, url: string, who: string, failures: Failure[], hops = 0, pattern?: string): Promise<void> {
  const fail = (problem: string) => void failures.push({ url: url.length > 160 ? `${url.slice(0, 160)}…<${url.length} chars>` : url, who, problem });
  const res = await api.get(url, { maxRedirects: 0, failOnStatusCode: false, timeout: SLOW_MS }).catch((err: Error) => err);
  if (res instanceof Error) return fail(`no answer within ${SLOW_MS} ms (${res.message.split('\n')[0]})`);
  const status = res.status();
  const body = await res.text();
  if (status >= 500) return fail(`${status} ${body.slice(0, 120)}`);
  for (const leak of leaksIn(body)) fail(`leaks ${leak}`);
  const pathOnly = url.split('?')[0]!;
  if (pathOnly.startsWith('/api/')) {
    if (status >= 400 && !/^\{.*"error_code":"error\./s.test(body)) fail(`${status} without the JSON error body: ${body.slice(0, 80)}`);
    return;
  }
  if (!PAGE_STATUSES.has(status) && !((status === 414 || status === 431) && longUrl(url))) return fail(`status ${status}: ${body.slice(0, 80)}`);
  if (status === 404 && !body.includes(NOT_FOUND_MARK)) fail(`404 without the not-found page: ${body.slice(0, 80)}`);
  if (status === 200 && who === 'anonymous' && pattern && PROTECTED.has(pattern)) fail(`a signed-out visitor got the protected page ${pattern}`);
  const location = res.headers()['location'];
  if (status >= 300 && status < 400) {
    if (!location) return fail(`${status} without Location`);
    const to = new URL(location, BASE_URL);
    if (to.origin !== new URL(BASE_URL).origin) return fail(`redirects off-site to ${location}`);
    if (hops < 2) await check(api, `${to.pathname}${to.search}`, who, failures, hops + 1);
  }
}

/** Every request of one visitor: each parameter of each page made hostile in turn, queries, then random ones. */
async function fuzzPages(api: APIRequestContext, who: string, skip: (pattern: string) => boolean): Promise<{ failures: Failure[]; requests: number }> {
  const failures: Failure[] = [];
  const patterns = pagePatterns().filter((p) => !skip(p));
  let requests = 0;
  const visit = async (url: string, pattern?: string) => {
    requests++;
    await check(api, url, who, failures, 0, pattern);
  };
  for (const pattern of patterns) {
    const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    for (const name of names) for (const seg of SEGMENTS) await visit(fill(pattern, { [name]: seg }), pattern);
    for (const q of names.length ? QUERIES.slice(0, 2) : QUERIES) await visit(`${fill(pattern, {})}?${q}`, pattern);
    // A hostile segment past the end of a page: an unknown path.
    await visit(`${fill(pattern, {})}/%25`.replace('//', '/'));
  }
  // The API through the real server too: its %-handling lives in serve.ts, which the in-process fuzz skips.
  for (const seg of SEGMENTS) for (const p of ['/api/v3/events/:id', '/api/v3/notifications/:id', '/api/v3/tasks/:id', '/api/campaign/events/:id']) await visit(p.replace(':id', seg));
  for (const q of RAW_QUERIES) await visit(`/api/v3/events?${q}`);
  // Random: any page, any parameter, hostile segments and queries (fixed seed; FUZZ_RUNS for more).
  const { seed } = fuzzSeed(`pages ${who}`);
  const withParams = patterns.filter((p) => p.includes(':'));
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...withParams), fc.array(hostileSegment, { minLength: 3, maxLength: 3 }), fc.option(fc.constantFrom(...QUERIES), { nil: undefined }), async (pattern, segs, q) => {
      const names = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      await visit(`${fill(pattern, Object.fromEntries(names.map((n, i) => [n, segs[i % segs.length]!])))}${q ? `?${q}` : ''}`, pattern);
    }),
    { seed, numRuns: fuzzRuns(40) },
  );
  console.log(`page fuzz (${who}): ${requests} requests, ${patterns.length} page patterns, ${failures.length} failures`);
  return { failures, requests };
}

const report = (failures: Failure[]) => failures.map((f) => `${f.who} GET ${f.url}: ${f.problem}`).join('\n');

test.describe('page route fuzz', () => {
  // One viewport is enough: the server answers the same to both projects.
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== 'desktop', 'server-side only'));
  test.describe.configure({ timeout: 180_000 + fuzzRuns(40) * 1_000 });

  test('signed out: never a 5xx, unknown and malformed addresses get the not-found page', async ({ playwright }) => {
    const api = await playwright.request.newContext({ baseURL: BASE_URL });
    const { failures, requests } = await fuzzPages(api, 'anonymous', () => false);
    await api.dispose();
    expect(requests).toBeGreaterThan(300);
    expect(failures, report(failures)).toEqual([]);
  });

  test('signed in as the admin: never a 5xx, unknown and malformed addresses get the not-found page', async ({ playwright }) => {
    // The remembered device of devices.setup.ts skips the MFA code step.
    const devices = JSON.parse(fs.readFileSync(DEVICES_FILE, 'utf8')) as Record<string, string>;
    const api = await playwright.request.newContext({
      baseURL: BASE_URL,
      storageState: { cookies: [{ name: 'encore_device', value: devices[USERS.admin.email]!, domain: '127.0.0.1', path: '/', expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }], origins: [] },
    });
    const signIn = await api.post('/api/v3/auth', { data: { username: USERS.admin.email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    expect((await signIn.json()).Challenge ?? null, 'the remembered device skips the code').toBeNull();
    // /logout would end the session the rest of the run needs.
    const { failures, requests } = await fuzzPages(api, 'admin', (p) => p === '/logout');
    const still = await api.get('/api/v3/auth/session', { failOnStatusCode: false });
    await api.dispose();
    expect(still.status(), 'the run stayed signed in (a signed-out run would test nothing)').toBe(200);
    expect(requests).toBeGreaterThan(300);
    expect(failures, report(failures)).toEqual([]);
  });
});

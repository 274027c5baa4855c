// Request-level security through the real built server (Astro's pipeline in front of the API):
// - origin checks: the API's own CSRF guard decides for /api/* (JSON errors; bearer clients
//   without an Origin header pass, body-less or multipart), cookie-authenticated cross-site writes
//   are refused with the JSON 403 error.auth.csrf, and cross-site form posts to pages get 403;
// - caching: pages answer Cache-Control: no-store, hashed /_astro assets stay immutable;
// - a user without wave never calls the campaign-side service (spec 1 §4.3 mirror).
// The API checks go straight over HTTP with Playwright's request client, which (like curl or a
// server-side bearer client) sends neither Origin nor Sec-Fetch-Site unless told to.
import fs from 'node:fs';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import type { EventList } from '../../src/lib/contracts/events';
import { BASE_URL, DEVICES_FILE, isPhone, PASSWORD, signIn, USERS, waitForIslands } from './helpers';

const EVIL = 'https://evil.example';

/** The remembered device of a demo user (devices.setup.ts), so a sign-in skips the MFA step. */
function deviceOf(email: string): { device_key: string; device_group_key: string } {
  const [device_key, device_group_key] = (JSON.parse(fs.readFileSync(DEVICES_FILE, 'utf8')) as Record<string, string>)[email].split('.');
  return { device_key, device_group_key };
}

/** A bearer session of a demo user, signed in with Node's fetch so no cookie is kept anywhere. */
async function bearerOf(email: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/v3/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: PASSWORD, ...deviceOf(email) }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as { AccessToken?: string; Challenge?: string | null };
  expect(body.Challenge ?? null).toBeNull();
  return body.AccessToken!;
}

async function expectJsonError(res: Awaited<ReturnType<APIRequestContext['get']>>, status: number, code: string) {
  expect(res.status()).toBe(status);
  expect(res.headers()['content-type']).toContain('application/json');
  expect(((await res.json()) as { error_code: string }).error_code).toBe(code);
}

test.describe('origin checks (API and pages)', () => {
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => test.skip(isPhone(testInfo), 'server-level checks: once, on the desktop project'));

  let api: APIRequestContext;
  test.beforeAll(async () => {
    api = await playwrightRequest.newContext({ baseURL: BASE_URL });
  });
  test.afterAll(async () => api.dispose());

  test('a bearer client without Origin may POST and DELETE without a body, and upload multipart', async () => {
    const token = await bearerOf(USERS.analyst.email);
    const auth = { authorization: `Bearer ${token}` };
    // Body-less DELETE (no Content-Type, no Origin): reaches the API, which answers in JSON (no such session).
    await expectJsonError(await api.delete('/api/v3/auth/sessions/00000000-0000-4000-8000-000000000000', { headers: auth }), 404, 'error.common.notFound');
    // Multipart upload without Origin: the sales reader refuses the bytes with its own JSON code.
    const list = (await (await api.get('/api/v3/events/?limit=1', { headers: auth })).json()) as EventList;
    const upload = await api.post(`/api/v3/ingest/transaction_summary/from_excel?eid=${encodeURIComponent(list.items[0].id)}`, {
      headers: auth,
      multipart: { file: { name: 'sales.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from('not a spreadsheet') } },
    });
    await expectJsonError(upload, 400, 'error.upload_sales_from_excel.invalid_file_type');
    // Body-less POST: signs the bearer session out.
    const out = await api.post('/api/v3/auth/logout', { headers: auth });
    expect(out.status(), await out.text()).toBe(204);
    await expectJsonError(await api.get('/api/v3/profile', { headers: auth }), 401, 'error.auth.unauthenticated');
  });

  test('a cookie-authenticated cross-site write to /api gets the JSON 403 error.auth.csrf', async () => {
    const browserLike = await playwrightRequest.newContext({ baseURL: BASE_URL });
    try {
      // A cookie session, as the browser holds it after the login form.
      expect((await browserLike.post('/api/v3/auth', { data: { username: USERS.analyst.email, password: PASSWORD, ...deviceOf(USERS.analyst.email) } })).status()).toBe(200);
      expect((await browserLike.get('/api/v3/profile')).status()).toBe(200);
      // A form another site posts (multipart, text/plain) or a body-less fetch with credentials.
      await expectJsonError(
        await browserLike.post('/api/v3/ingest/transaction_summary/from_excel?eid=x', { headers: { origin: EVIL }, multipart: { file: { name: 'a.xlsx', mimeType: 'text/plain', buffer: Buffer.from('x') } } }),
        403,
        'error.auth.csrf',
      );
      await expectJsonError(await browserLike.post('/api/v3/auth/logout', { headers: { origin: EVIL, 'content-type': 'text/plain' }, data: 'x' }), 403, 'error.auth.csrf');
      await expectJsonError(await browserLike.delete('/api/v3/auth/sessions/00000000-0000-4000-8000-000000000000', { headers: { 'sec-fetch-site': 'cross-site' } }), 403, 'error.auth.csrf');
      // The session survived all of that; the same write from our own origin goes through.
      expect((await browserLike.get('/api/v3/profile')).status()).toBe(200);
      expect((await browserLike.post('/api/v3/auth/logout', { headers: { origin: BASE_URL, 'sec-fetch-site': 'same-origin' } })).status()).toBe(204);
    } finally {
      await browserLike.dispose();
    }
  });

  test('a cross-site form post to a page gets 403; the same form from our own origin is answered', async () => {
    // An unknown account: a wrong password of a demo user would count towards its lockout.
    const form = { username: 'nobody@encore.demo', password: 'wrong-password' };
    const cross = await api.post('/login', { headers: { origin: EVIL }, form });
    expect(cross.status()).toBe(403);
    const crossFetchMeta = await api.post('/logout', { headers: { 'sec-fetch-site': 'cross-site' }, form: {} });
    expect(crossFetchMeta.status()).toBe(403);
    // A page write that names no origin at all is not from a page of ours either.
    expect((await api.post('/login', { form })).status()).toBe(403);
    const same = await api.post('/login', { headers: { origin: BASE_URL }, form });
    expect(same.status()).not.toBe(403);
    expect(same.headers()['content-type']).toContain('text/html');
  });
});

test.describe('caching', () => {
  // eslint-disable-next-line no-empty-pattern
  test.beforeEach(({}, testInfo) => test.skip(isPhone(testInfo), 'server-level checks: once, on the desktop project'));

  test('pages are no-store, signed in or not; hashed assets stay immutable', async ({ page }) => {
    const login = await page.request.get('/login');
    expect(login.headers()['cache-control']).toBe('no-store');
    await signIn(page, 'analyst');
    const events = await page.request.get('/events');
    expect(events.status()).toBe(200);
    expect(events.headers()['cache-control']).toBe('no-store');
    const asset = await page.evaluate(() => [...document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>('script[src], link[rel=stylesheet]')].map((e) => ('src' in e && e.src) || (e as HTMLLinkElement).href).find((u) => u.includes('/_astro/')));
    expect(asset, 'a hashed asset on the page').toBeTruthy();
    const res = await page.request.get(asset!);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toContain('immutable');
  });
});

test.describe('campaign-side mirror', () => {
  test('a user without wave changes an event status without calling /api/campaign', async ({ page }, testInfo) => {
    await signIn(page, 'analyst');
    // A past event (other journeys count upcoming ones), one per project.
    const until = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const list = (await (await page.request.get(`/api/v3/events/?until=${until}&descending=true&limit=20&exclude_products=true`)).json()) as EventList;
    const event = list.items.filter((e) => e.frontend_status === 'DEFAULT')[6 + (isPhone(testInfo) ? 1 : 0)];
    expect(event, 'a past demo event').toBeTruthy();
    const campaignCalls: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/campaign/')) campaignCalls.push(`${r.method()} ${r.url()}`);
    });
    if (!isPhone(testInfo)) await page.setViewportSize({ width: 980, height: 900 });
    await page.goto(`/events/${event.id}`);
    await waitForIslands(page);
    for (const expected of ['true', 'false']) {
      await page.getByRole('button', { name: 'Event actions' }).click();
      const put = page.waitForResponse((r) => r.url().endsWith(`/events/${event.id}/setup_frontend_status`));
      await page.getByRole('menuitemcheckbox', { name: 'Flagged' }).click();
      expect((await put).status()).toBe(204);
      await expect(page.getByRole('menuitemcheckbox', { name: 'Flagged' })).toHaveAttribute('aria-checked', expected);
      await page.keyboard.press('Escape');
    }
    // Give a (wrong) follow-up call the time it would take to leave.
    await page.waitForTimeout(500);
    expect(campaignCalls).toEqual([]);
  });
});

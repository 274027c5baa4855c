// The development clock (POST /api/v3/dev/clock, src/server/api/dev-clock.ts): off by default and
// then absent (the API's 404, token or not); refused outright with NODE_ENV=production (the
// server does not start); when on, only the process's development token moves it, only forward,
// and moving it queues the delivery of the days that passed.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { rows } from '../../src/server/db/client';
import { devClockEnabled, devClockFromEnv } from '../../src/server/lib/clock';
import { devMailboxToken } from '../../src/server/lib/dev-mailbox';
import { DEV_MAILBOX_TOKEN_HEADER } from '../../src/lib/constants';

const DAY_MS = 86_400_000;
const ADVANCE_KEY = Symbol.for('encore.devClockAdvanceMs');

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.close());
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
  delete (globalThis as Record<symbol, unknown>)[ADVANCE_KEY];
});

describe('off by default', () => {
  it('is off without ENCORE_DEV_CLOCK, and the path does not exist (404, with or without the token)', async () => {
    expect(process.env.ENCORE_DEV_CLOCK).toBeUndefined();
    expect(devClockEnabled()).toBe(false);
    const api = apiClient(t.db);
    const headers = { [DEV_MAILBOX_TOKEN_HEADER]: devMailboxToken() };
    for (const init of [{}, { headers }]) {
      const get = await api.request('/api/v3/dev/clock', init);
      expect(get.status).toBe(404);
      const post = await api.request('/api/v3/dev/clock', { ...init, method: 'POST', json: { advance_days: 3 } });
      expect(post.status).toBe(404);
      expect((await post.json()).error_code).toBe('error.common.notFound');
    }
  });

  it('reads only exactly "1" as on; "0" and empty are off; anything else is refused', () => {
    expect(devClockFromEnv({})).toBe(false);
    expect(devClockFromEnv({ ENCORE_DEV_CLOCK: '' })).toBe(false);
    expect(devClockFromEnv({ ENCORE_DEV_CLOCK: '0' })).toBe(false);
    expect(devClockFromEnv({ ENCORE_DEV_CLOCK: '1', NODE_ENV: 'development' })).toBe(true);
    expect(() => devClockFromEnv({ ENCORE_DEV_CLOCK: 'yes' })).toThrow(/must be 1/);
  });
});

describe('production', () => {
  it('refuses ENCORE_DEV_CLOCK with NODE_ENV=production: the clock module (and so the server) does not load', async () => {
    expect(() => devClockFromEnv({ ENCORE_DEV_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/refused when NODE_ENV=production/);
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('ENCORE_DEV_CLOCK', '1');
    vi.resetModules();
    await expect(import('../../src/server/lib/clock')).rejects.toThrow(/refused when NODE_ENV=production/);
    await expect(import('../../src/server/api/app')).rejects.toThrow(/refused when NODE_ENV=production/);
  });

  it('is off in production without the flag', async () => {
    vi.stubEnv('NODE_ENV', 'production');
    vi.resetModules();
    const clock = await import('../../src/server/lib/clock');
    expect(clock.devClockEnabled()).toBe(false);
    expect(() => clock.advanceDevClock(DAY_MS)).toThrow(/off/);
  });
});

describe('on (ENCORE_DEV_CLOCK=1)', () => {
  it('needs the development token, moves only forward, and queues the delivery of the days passed', async () => {
    vi.stubEnv('ENCORE_DEV_CLOCK', '1');
    vi.resetModules();
    // A fresh copy of the server code that read the flag at load, as `npm start` would.
    const { createApp } = await import('../../src/server/api/app');
    const clock = await import('../../src/server/lib/clock');
    expect(clock.devClockEnabled()).toBe(true);
    const app = createApp(t.db);
    const call = (init: RequestInit & { json?: unknown; token?: boolean } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token !== false) headers.set(DEV_MAILBOX_TOKEN_HEADER, devMailboxToken());
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      return app.request('http://localhost/api/v3/dev/clock', { ...init, headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) }, { clientAddress: '10.9.9.9' });
    };

    // Without the token (or a wrong one) it is not there either.
    expect((await call({ token: false })).status).toBe(404);
    expect((await call({ token: false, method: 'POST', json: { advance_days: 3 } })).status).toBe(404);
    expect((await call({ token: false, headers: { [DEV_MAILBOX_TOKEN_HEADER]: 'not-the-token-not-the-token' }, method: 'POST', json: { advance_days: 3 } })).status).toBe(404);
    expect(clock.devClockAdvanceMs()).toBe(0);

    const before = await call();
    expect(before.status).toBe(200);
    expect((await before.json()).advanced_days).toBe(0);

    // Only whole days forward, at most 60.
    for (const advance_days of [0, -1, 1.5, 61, '3'])
      expect((await call({ method: 'POST', json: { advance_days } })).status, `advance_days ${JSON.stringify(advance_days)}`).toBe(400);
    expect(() => clock.advanceDevClock(-DAY_MS)).toThrow(RangeError);
    expect(clock.devClockAdvanceMs()).toBe(0);

    const start = Date.now();
    const res = await call({ method: 'POST', json: { advance_days: 3 } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { now: string; advanced_days: number; delivery: { task_id: string; status: string } | null };
    expect(body.advanced_days).toBe(3);
    const moved = Date.parse(body.now) - start;
    expect(moved).toBeGreaterThanOrEqual(3 * DAY_MS);
    expect(moved).toBeLessThan(3 * DAY_MS + 60_000);
    expect(clock.nowMs() - Date.now()).toBeGreaterThanOrEqual(3 * DAY_MS - 1000);

    // The new day's delivery (everything up to yesterday) is queued at once for the worker.
    const day = body.now.slice(0, 10);
    const queued = await rows<{ id: string; payload: { day: string } }>(t.db, sql`SELECT id, payload FROM tasks WHERE kind = 'campaigns.deliver' AND payload->>'day' = ${day}`);
    expect(queued).toHaveLength(1);
    expect(body.delivery?.task_id).toBe(queued[0]!.id);

    // A second move adds up.
    const again = (await (await call({ method: 'POST', json: { advance_days: 1 } })).json()) as { advanced_days: number };
    expect(again.advanced_days).toBe(4);
  });
});

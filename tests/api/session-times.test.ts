// issue 20 §4: the session countdown showed the 15-minute access token and jumped back at every
// renewal, and the sessions list showed the last renewal as the sign-in time. The server names the
// sign-in's real end (refresh_token answer, GET /auth/session, cookie encore_session_ends_at) and
// keeps the sign-in time across renewals and privilege changes (GET /auth/sessions signed_in_at).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { setClock } from '../../src/server/lib/clock';
import { config } from '../../src/server/config';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let clock = Date.parse('2031-03-04T08:00:00Z');
const SIGNED_IN = clock;

beforeAll(async () => {
  setClock(() => clock);
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
});
afterAll(async () => {
  setClock();
  await t.close();
});

const cookieValue = (setCookie: string, name: string) => setCookie.match(new RegExp(`${name}=([^;]*)`))?.[1];

async function renew(refreshToken: string) {
  const res = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: refreshToken } });
  expect(res.status).toBe(200);
  return { body: (await res.json()) as { AccessToken: string; RefreshToken: string; ExpiresIn: number; session_ends_at: string }, cookie: res.headers.get('set-cookie') ?? '' };
}

describe('the sign-in’s end and start across renewals', () => {
  it('names the same end at sign-in, at every renewal and in the session info, and keeps the sign-in time', async () => {
    const signedIn = await api.signIn('analyst@encore.demo');
    const end = SIGNED_IN + config.sessionTtlSec * 1000;
    // The cookie the browser's countdown reads: the sign-in's end, not the token's.
    expect(Number(cookieValue(signedIn.cookie, 'encore_session_ends_at'))).toBe(end);
    expect(Number(cookieValue(signedIn.cookie, 'encore_expires_at'))).toBe(SIGNED_IN + config.accessTokenTtlSec * 1000);

    let refresh = signedIn.refreshToken!;
    let token = signedIn.token;
    for (const minutes of [11, 22, 33]) {
      clock = SIGNED_IN + minutes * 60_000;
      const { body, cookie } = await renew(refresh);
      // The access token moved on; the end of the sign-in did not.
      expect(Number(cookieValue(cookie, 'encore_expires_at'))).toBe(clock + config.accessTokenTtlSec * 1000);
      expect(body.session_ends_at).toBe(new Date(end).toISOString());
      expect(Number(cookieValue(cookie, 'encore_session_ends_at'))).toBe(end);
      refresh = body.RefreshToken;
      token = body.AccessToken;
    }

    const info = await api.request('/api/v3/auth/session', { token });
    expect(info.status).toBe(200);
    const session = (await info.json()) as { session_ends_at: string; expires_at: string };
    expect(session.session_ends_at).toBe(new Date(end).toISOString());
    expect(Date.parse(session.expires_at)).toBe(clock + config.accessTokenTtlSec * 1000);

    // The sessions list: the sign-in at 08:00, not the renewal at 08:33.
    const list = await api.request('/api/v3/auth/sessions', { token });
    const rows = (await list.json()) as { current: boolean; signed_in_at: string; created_at: string }[];
    const current = rows.find((r) => r.current)!;
    expect(current.signed_in_at).toBe(new Date(SIGNED_IN).toISOString());
    expect(current.created_at).toBe(new Date(clock).toISOString());
  });

  it('never hands out an access token that outlives the sign-in', async () => {
    clock = Date.parse('2031-03-05T08:00:00Z');
    const start = clock;
    const signedIn = await api.signIn('prisma@encore.demo');
    const end = start + config.sessionTtlSec * 1000;
    // Five minutes before the end a renewal's token ends with the sign-in, not 15 minutes later.
    clock = end - 5 * 60_000;
    const { body, cookie } = await renew(signedIn.refreshToken!);
    expect(Number(cookieValue(cookie, 'encore_expires_at'))).toBe(end);
    expect(body.ExpiresIn).toBe(5 * 60);
    expect(body.session_ends_at).toBe(new Date(end).toISOString());
    // After the end the token no longer works and the refresh token is refused.
    clock = end + 1000;
    expect((await api.request('/api/v3/auth/session', { token: body.AccessToken })).status).toBe(401);
    const late = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: body.RefreshToken } });
    expect(late.status).toBe(401);
  });

  it('keeps the sign-in time when the user switches partner (a new session id for the same sign-in)', async () => {
    clock = Date.parse('2031-03-06T09:00:00Z');
    const start = clock;
    const signedIn = await api.signIn('multi@encore.demo');
    // The first choice keeps the session; switching to the other partner replaces it.
    expect((await api.request('/api/v3/auth/partner', { method: 'POST', json: { partner_id: 1001 }, token: signedIn.token })).status).toBe(204);
    clock = start + 2 * 60_000;
    const switched = await api.request('/api/v3/auth/partner', { method: 'POST', json: { partner_id: 1002 }, token: signedIn.token });
    expect(switched.status).toBe(204);
    const token = cookieValue(switched.headers.get('set-cookie') ?? '', 'encore_session');
    expect(token, 'a new session id').toBeTruthy();
    const res = await api.request('/api/v3/auth/sessions', { token: token! });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { current: boolean; signed_in_at: string; created_at: string }[];
    const current = rows.find((r) => r.current)!;
    expect(current.created_at).toBe(new Date(clock).toISOString());
    expect(current.signed_in_at).toBe(new Date(start).toISOString());
  });
});

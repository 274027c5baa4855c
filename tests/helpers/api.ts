// Drives the Hono app in-process against a test database, the way a browser or bearer client would.
import { createApp } from '../../src/server/api/app';
import type { Db } from '../../src/server/db/client';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/demo/accounts';
import { totpCode } from '../../src/server/modules/auth/totp';
import type { SetupProblem } from '../../src/lib/contracts/setup-process';

export type App = ReturnType<typeof createApp>;

export interface SignedIn {
  token: string;
  cookie: string;
  refreshToken: string | null;
  body: Record<string, unknown>;
}

let ipCounter = 0;

export function apiClient(db: Db) {
  const app = createApp(db);
  // Each client gets its own address so the per-IP sign-in limit of one test file does not
  // leak into another test; abuse tests pass `ip` explicitly.
  const defaultIp = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const request = (
    path: string,
    init: RequestInit & { json?: unknown; token?: string; partner?: string | number; ip?: string; cookie?: string; origin?: string } = {},
  ) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.partner !== undefined) headers.set('X-Preferred-Partner-Id', String(init.partner));
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.origin) headers.set('origin', init.origin);
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    // The socket address, as the Astro endpoint hands it to the app (src/server/api/request-env.ts).
    return app.request(`http://localhost${path}`, { ...init, headers, body }, { clientAddress: init.ip ?? defaultIp });
  };
  // Demo users have TOTP (DEMO_TOTP_SECRET). The first sign-in of a user answers the TOTP
  // challenge and remembers the device; later sign-ins present the device keys (a TOTP code is
  // accepted only once, so repeating it within 30 s would be a replay).
  const devices = new Map<string, { device_key: string; device_group_key: string }>();
  const signIn = async (username: string, password = DEMO_PASSWORD): Promise<SignedIn> => {
    const res = await request('/api/v3/auth', { method: 'POST', json: { username, password, ...(devices.get(username) ?? {}) } });
    if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
    let body = (await res.json()) as Record<string, unknown>;
    let cookie = res.headers.get('set-cookie') ?? '';
    if (body.Challenge === 'SOFTWARE_TOKEN_MFA') {
      const res2 = await request('/api/v3/auth/challenge/mfa-token', {
        method: 'PUT',
        json: { username, session: body.ChallengeSession, mfa_token: totpCode(DEMO_TOTP_SECRET), mfa_method: 'SOFTWARE_TOKEN_MFA', remember_device: true },
      });
      if (res2.status !== 200) throw new Error(`MFA of ${username} failed: ${res2.status} ${await res2.text()}`);
      body = (await res2.json()) as Record<string, unknown>;
      cookie = res2.headers.get('set-cookie') ?? '';
      devices.set(username, { device_key: body.DeviceKey as string, device_group_key: body.DeviceGroupKey as string });
    }
    if (body.Challenge) throw new Error(`sign-in of ${username} stopped at ${body.Challenge as string}`);
    return { token: body.AccessToken as string, cookie, refreshToken: (body.RefreshToken as string) ?? null, body };
  };
  return { app, request, signIn, devices };
}

/** Asserts the ARCHITECTURE.md §3 error body and returns it. */
export async function errorOf(res: Response): Promise<{ message: string; error_code: string; error_subcode?: string; issues?: { path: string; message: string }[] }> {
  const body = (await res.json()) as { message: string; error_code: string };
  if (typeof body.message !== 'string' || !/^error\./.test(body.error_code)) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  if (JSON.stringify(body).includes(' at ')) throw new Error(`error body leaks a stack: ${JSON.stringify(body)}`);
  return body;
}

/**
 * JSON calls for tests that read answers and errors side by side: `call` answers status and body
 * (null when not JSON); `expectError` asserts the status and error code and returns the error body
 * with its `data` (e.g. a setup's `problems`).
 */
export function jsonCalls(client: () => ReturnType<typeof apiClient>, defaultToken: () => string) {
  async function call(method: string, path: string, json?: unknown, token = defaultToken()) {
    const res = await client().request(path, { method, token, ...(json !== undefined ? { json } : {}) });
    return { res, status: res.status, body: res.headers.get('content-type')?.includes('json') ? await res.clone().json() : null };
  }
  async function expectError(p: ReturnType<typeof call>, status: number, code: string) {
    const r = await p;
    if (r.status !== status) throw new Error(`expected ${status} ${code}, got ${r.status}: ${JSON.stringify(r.body)}`);
    const err = await errorOf(r.res);
    if (err.error_code !== code) throw new Error(`expected ${code}, got ${err.error_code}: ${JSON.stringify(r.body)}`);
    return err as Awaited<ReturnType<typeof errorOf>> & { data?: { problems?: SetupProblem[] } & Record<string, unknown> };
  }
  return { call, expectError };
}

/** "a=1; Path=/, b=2; Path=/x" → "a=1; b=2" (the Cookie header a browser would send back). */
export function cookieHeader(setCookie: string, only?: string[]): string {
  return setCookie
    .split(/,(?=\s*[\w-]+=)/)
    .map((c) => c.trim().split(';')[0])
    .filter((kv) => !only || only.includes(kv.split('=')[0]))
    .join('; ');
}

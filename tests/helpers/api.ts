// Drives the Hono app in-process against a test database, the way a browser or bearer client would.
import { createApp } from '../../src/server/api/app';
import type { Db } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/accounts';

export type App = ReturnType<typeof createApp>;

export function apiClient(db: Db) {
  const app = createApp(db);
  const request = (path: string, init: RequestInit & { json?: unknown; token?: string; partner?: string | number } = {}) => {
    const headers = new Headers(init.headers);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.partner !== undefined) headers.set('X-Preferred-Partner-Id', String(init.partner));
    const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
    return app.request(`http://localhost${path}`, { ...init, headers, body });
  };
  const signIn = async (username: string, password = DEMO_PASSWORD) => {
    const res = await request('/api/v3/auth', { method: 'POST', json: { username, password } });
    if (res.status !== 200) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { AccessToken: string };
    return { token: body.AccessToken, cookie: res.headers.get('set-cookie') ?? '' };
  };
  return { app, request, signIn };
}

/** Asserts the ARCHITECTURE.md §3 error body and returns it. */
export async function errorOf(res: Response): Promise<{ message: string; error_code: string; error_subcode?: string }> {
  const body = (await res.json()) as { message: string; error_code: string };
  if (typeof body.message !== 'string' || !/^error\./.test(body.error_code)) {
    throw new Error(`not an error body: ${JSON.stringify(body)}`);
  }
  if (JSON.stringify(body).includes(' at ')) throw new Error(`error body leaks a stack: ${JSON.stringify(body)}`);
  return body;
}

// POST /auth, partner choice, logout: the sign-in promises of issue 2 and spec 1 §4.1.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts, DEMO_PASSWORD } from '../../src/server/demo/accounts';
import { users, memberships } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/password';

let t: TestDb;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  const hash = await hashPassword(DEMO_PASSWORD);
  const extra = await t.db
    .insert(users)
    .values([
      { email: 'disabled@encore.demo', passwordHash: hash, givenName: 'Dora', familyName: 'Disabled', status: 'disabled' },
      { email: 'external@encore.demo', passwordHash: hash, givenName: 'Eli', familyName: 'External', status: 'external' },
      { email: 'nopartner@encore.demo', passwordHash: hash, givenName: 'Nia', familyName: 'Nobody' },
    ])
    .returning({ id: users.id });
  await t.db.insert(memberships).values(extra.slice(0, 2).map((u) => ({ userId: u.id, partnerId: 1001 })));
});
afterAll(() => t.close());

describe('POST /api/v3/auth', () => {
  it('answers the password step with the TOTP challenge and no cookie (issue 3: MFA enforced)', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'admin@encore.demo', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
    const body = await res.json();
    expect(body).toMatchObject({ Challenge: 'SOFTWARE_TOKEN_MFA', AccessToken: null, TokenType: 'Bearer' });
    expect(body.ChallengeSession.length).toBeGreaterThan(30);
    expect(body.mfa_settings).toMatchObject({ required: true, preferred_mfa: 'SOFTWARE_TOKEN_MFA', softwareTokenMfa: true, emailTotp: true });
  });

  it('after the challenge sets HttpOnly SameSite=Lax session and refresh cookies and an IdToken', async () => {
    const { cookie, body } = await api.signIn('admin@encore.demo');
    expect(cookie).toMatch(/encore_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/encore_refresh=[\w-]{40,}; Max-Age=\d+; Path=\/api\/v3\/auth\/refresh_token; HttpOnly; SameSite=Strict/);
    expect(cookie).not.toMatch(/Secure/i); // plain http here
    expect(body.AccessToken).toEqual(cookie.match(/encore_session=([^;]+)/)![1]);
    expect(body.TokenType).toBe('Bearer');
    expect(body.Challenge).toBeNull();
    expect(body.ExpiresIn).toBe(900);
    const claims = JSON.parse(Buffer.from((body.IdToken as string).split('.')[1], 'base64url').toString());
    expect(claims.email).toBe('admin@encore.demo');
    expect(claims['cognito:groups']).toContain('partner-id-1001');
  });

  it('accepts the username in any case and with surrounding spaces', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', json: { username: '  Analyst@Encore.Demo ', password: DEMO_PASSWORD } });
    expect(res.status).toBe(200);
  });

  it('answers a wrong password and an unknown user alike, with 401', async () => {
    const wrong = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'admin@encore.demo', password: 'nope-Nope-1!' } });
    const unknown = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'ghost@encore.demo', password: 'nope-Nope-1!' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await errorOf(wrong);
    const b = await errorOf(unknown);
    expect(a).toEqual(b);
    expect(a.error_code).toBe('error.auth.invalidCredentials');
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a disabled account with error.auth.inactive (opens the modal)', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'disabled@encore.demo', password: DEMO_PASSWORD } });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error_code).toBe('error.auth.inactive');
  });

  it('refuses external users and users without a partner with the spec message', async () => {
    for (const username of ['external@encore.demo', 'nopartner@encore.demo']) {
      const res = await api.request('/api/v3/auth', { method: 'POST', json: { username, password: DEMO_PASSWORD } });
      expect(res.status).toBe(403);
      const err = await errorOf(res);
      expect(err.error_code).toBe('error.auth.notAuthorized');
      expect(err.message).toBe('You are not authorized to login. Please contact an admin.');
    }
  });

  it('does not reveal a disabled account to someone without its password', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'disabled@encore.demo', password: 'Wrong-Pass-1!' } });
    expect(res.status).toBe(401);
  });

  it('rejects malformed JSON with 400 and the error body', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', body: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error_code).toMatch(/^error\.(request\.malformedJson|validation\.invalid)$/);
  });

  it('rejects missing and wrongly typed fields with 400 naming the field', async () => {
    for (const json of [{}, { username: 'admin@encore.demo' }, { username: 42, password: 'x' }, { username: '', password: 'x' }]) {
      const res = await api.request('/api/v3/auth', { method: 'POST', json });
      expect(res.status).toBe(400);
      const err = (await res.json()) as { error_code: string; issues: { path: string }[] };
      expect(err.error_code).toBe('error.validation.invalid');
      expect(err.issues.length).toBeGreaterThan(0);
    }
  });

  // Security hardening: a NUL reached the users lookup and PostgreSQL refused it (500), no sign-in needed.
  it('rejects a NUL or an unpaired surrogate in the credentials with 400 naming the field', async () => {
    for (const [json, path] of [
      [{ username: 'a\u0000b', password: 'x' }, 'username'],
      [{ username: 'admin@encore.demo\u0000', password: 'x' }, 'username'],
      [{ username: '\ud800', password: 'x' }, 'username'],
      [{ username: 'admin@encore.demo', password: 'x', device_key: 'dev_\u0000', device_group_key: 'grp_x' }, 'device_key'],
    ] as const) {
      const res = await api.request('/api/v3/auth', { method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = await errorOf(res);
      expect(body.error_code).toBe('error.validation.invalid');
      expect(body.issues?.map((i) => i.path)).toEqual([path]);
    }
    for (const [path, json] of [
      ['/api/v3/auth/initiate_forgot_password', { email: 'a\u0000@b.de' }],
      ['/api/v3/auth/mfa/email/resend', { username: 'a\u0000', session: 'x'.repeat(20) }],
    ] as const) {
      const res = await api.request(path, { method: 'POST', json });
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('rejects an oversized body with 413', async () => {
    const res = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'a@b.c', password: 'x'.repeat(1_200_000) } });
    expect(res.status).toBe(413);
    expect((await errorOf(res)).error_code).toBe('error.request.tooLarge');
  });
});

describe('partner choice and logout', () => {
  it('leaves a multi-partner session without partner until one is chosen', async () => {
    const { token } = await api.signIn('multi@encore.demo');
    const before = await api.request('/api/v3/partners/', { token });
    expect(before.status).toBe(409);
    expect((await errorOf(before)).error_code).toBe('error.partner.notChosen');
    const groups = await (await api.request('/api/v3/profile/my-groups', { token })).json();
    expect(groups.map((g: { id: number }) => g.id).sort()).toEqual([1001, 1002]);
    // sorted by name for the chooser
    expect(groups.map((g: { name: string }) => g.name)).toEqual([...groups.map((g: { name: string }) => g.name)].sort());

    const choose = await api.request('/api/v3/auth/partner', { method: 'POST', token, json: { partner_id: 1002 } });
    expect(choose.status).toBe(204);
    const after = await api.request('/api/v3/partners/', { token });
    expect(after.status).toBe(200);
    expect(await after.json()).toMatchObject({ id: 1002, product: 'prisma' });
  });

  it('refuses to choose a partner the user does not belong to, with 404', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    const res = await api.request('/api/v3/auth/partner', { method: 'POST', token, json: { partner_id: 1002 } });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error_code).toBe('error.partner.notFound');
  });

  it('validates the partner choice and needs a session for it', async () => {
    const { token } = await api.signIn('multi@encore.demo');
    for (const json of [{}, { partner_id: '1001' }, { partner_id: -1 }, { partner_id: 1001, extra: true }]) {
      const res = await api.request('/api/v3/auth/partner', { method: 'POST', token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      await errorOf(res);
    }
    const anon = await api.request('/api/v3/auth/partner', { method: 'POST', json: { partner_id: 1001 } });
    expect(anon.status).toBe(401);
  });

  it('auto-selects the partner of a single-partner user', async () => {
    const { token } = await api.signIn('prisma@encore.demo');
    const res = await api.request('/api/v3/partners/', { token });
    expect(await res.json()).toMatchObject({ id: 1002, currency: 'GBP' });
  });

  it('ends the session at logout: the token no longer works', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    expect((await api.request('/api/v3/profile', { token })).status).toBe(200);
    const out = await api.request('/api/v3/auth/logout', { method: 'POST', token });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/encore_session=;/);
    const res = await api.request('/api/v3/profile', { token });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error_code).toBe('error.auth.unauthenticated');
  });

  it('accepts the session cookie as well as the bearer token', async () => {
    const { cookie } = await api.signIn('analyst@encore.demo');
    const res = await api.request('/api/v3/profile', { headers: { cookie: cookie.split(';')[0] } });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe('analyst@encore.demo');
  });

  it('stores only a hash of the session token', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    const [user] = await t.db.select().from(users).where(eq(users.email, 'analyst@encore.demo'));
    const stored = await t.db.query.sessions.findMany({ where: (s, { eq: e }) => e(s.userId, user.id) });
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.some((s) => s.tokenHash === token)).toBe(false);
  });
});

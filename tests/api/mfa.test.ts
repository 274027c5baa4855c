// Issue 3 §1–§3, §6: challenges, TOTP (no replay), email OTP, remembered devices, refresh rotation
// with reuse detection, sessions list, MFA setup, lockout and rate limits, CSRF. Fake time via
// setClock instead of sleeping.
import { LIMITS } from '../../src/server/modules/auth/rate-limit';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, cookieHeader, errorOf } from '../helpers/api';
import { seedAccounts, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/demo/accounts';
import { memberships, outbox, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/password';
import { totpCode } from '../../src/server/modules/auth/totp';
import { sealTotpSecret } from '../../src/server/modules/auth/totp-store';
import { setClock } from '../../src/server/lib/clock';
import { REFRESH_REUSE_GRACE_MS } from '../../src/server/modules/auth/sessions';
import { desc } from 'drizzle-orm';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let clock = Date.UTC(2026, 0, 5, 9, 0, 0);
const advance = (sec: number) => {
  clock += sec * 1000;
};

/** A fresh MFA user (TOTP with the demo secret + email) of partner 1001. */
async function mkUser(email: string, opts: Partial<typeof users.$inferInsert> = {}, withTotp = true) {
  const [u] = await t.db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(DEMO_PASSWORD), givenName: 'T', familyName: 'User', emailVerified: true, ...opts })
    .returning();
  if (withTotp) {
    await t.db.update(users).set({ totpSecretEnc: sealTotpSecret(DEMO_TOTP_SECRET, u.id), totpEnabled: true, emailOtpEnabled: true, mfaPreferred: 'SOFTWARE_TOKEN_MFA' }).where(eq(users.id, u.id));
  }
  await t.db.insert(memberships).values({ userId: u.id, partnerId: 1001 });
  return u;
}

const login = (username: string, extra: Record<string, unknown> = {}, ip?: string) =>
  api.request('/api/v3/auth', { method: 'POST', json: { username, password: DEMO_PASSWORD, ...extra }, ip });
const answerTotp = (username: string, session: string, code = totpCode(DEMO_TOTP_SECRET, clock), extra: Record<string, unknown> = {}) =>
  api.request('/api/v3/auth/challenge/mfa-token', { method: 'PUT', json: { username, session, mfa_token: code, mfa_method: 'SOFTWARE_TOKEN_MFA', ...extra } });

async function lastCode(to: string): Promise<string> {
  const [m] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  return m.text!.match(/\b(\d{6})\b/)![1];
}

beforeAll(async () => {
  setClock(() => clock);
  t = await createTestDb();
  await seedAccounts(t.db, { demoMfa: true });
  api = apiClient(t.db);
});
afterEach(() => advance(60)); // every test starts in a fresh TOTP step
afterAll(async () => {
  setClock();
  await t.close();
});

describe('TOTP challenge', () => {
  it('passes with the current code and refuses the same code again (replay)', async () => {
    await mkUser('replay@encore.demo');
    const c1 = await (await login('replay@encore.demo')).json();
    const code = totpCode(DEMO_TOTP_SECRET, clock);
    const ok = await answerTotp('replay@encore.demo', c1.ChallengeSession, code);
    expect(ok.status).toBe(200);
    expect((await ok.json()).AccessToken).toBeTruthy();
    const c2 = await (await login('replay@encore.demo')).json();
    const replay = await answerTotp('replay@encore.demo', c2.ChallengeSession, code);
    expect(replay.status).toBe(400);
    expect((await errorOf(replay)).error_code).toBe('error.mfa.wrongToken');
    // an earlier step (within the window) is a replay too
    const earlier = await answerTotp('replay@encore.demo', c2.ChallengeSession, totpCode(DEMO_TOTP_SECRET, clock - 30_000));
    expect(earlier.status).toBe(400);
  });

  it('accepts ±1 step of drift but not 2', async () => {
    await mkUser('drift@encore.demo');
    const c = await (await login('drift@encore.demo')).json();
    expect((await answerTotp('drift@encore.demo', c.ChallengeSession, totpCode(DEMO_TOTP_SECRET, clock + 60_000))).status).toBe(400);
    expect((await answerTotp('drift@encore.demo', c.ChallengeSession, totpCode(DEMO_TOTP_SECRET, clock + 30_000))).status).toBe(200);
  });

  it('a challenge session takes at most 5 answers', async () => {
    await mkUser('five@encore.demo');
    const c = await (await login('five@encore.demo')).json();
    for (let i = 0; i < 5; i++) expect((await answerTotp('five@encore.demo', c.ChallengeSession, '000000')).status).toBe(400);
    const sixth = await answerTotp('five@encore.demo', c.ChallengeSession);
    expect(sixth.status).toBe(401);
    expect((await errorOf(sixth)).error_code).toBe('error.auth.challengeExpired');
  });

  it('a challenge session expires after 5 minutes', async () => {
    await mkUser('slow@encore.demo');
    const c = await (await login('slow@encore.demo')).json();
    advance(301);
    const res = await answerTotp('slow@encore.demo', c.ChallengeSession);
    expect(res.status).toBe(401);
    expect((await errorOf(res)).error_code).toBe('error.auth.challengeExpired');
  });

  it('refuses a challenge session of another user and bad input without a 500', async () => {
    await mkUser('mine@encore.demo');
    const c = await (await login('mine@encore.demo')).json();
    expect((await answerTotp('admin@encore.demo', c.ChallengeSession)).status).toBe(401);
    const bad = await api.request('/api/v3/auth/challenge/mfa-token', { method: 'PUT', json: { username: 'mine@encore.demo', session: c.ChallengeSession, mfa_token: '12ab56', mfa_method: 'SOFTWARE_TOKEN_MFA' } });
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).error_code).toBe('error.validation.invalid');
  });
});

describe('email OTP', () => {
  it('mfa_option EMAIL_OTP switches method; the mailed code works once; resend kills the old code', async () => {
    await mkUser('mail@encore.demo');
    const c = await (await login('mail@encore.demo', { mfa_option: 'EMAIL_OTP' })).json();
    expect(c.Challenge).toBe('EMAIL_OTP');
    const first = await lastCode('mail@encore.demo');
    const resend = await api.request('/api/v3/auth/mfa/email/resend', { method: 'POST', json: { username: 'mail@encore.demo', session: c.ChallengeSession } });
    expect(resend.status).toBe(200);
    const second = await lastCode('mail@encore.demo');
    const put = (code: string, method = 'EMAIL_OTP') =>
      api.request('/api/v3/auth/challenge/mfa-token', { method: 'PUT', json: { username: 'mail@encore.demo', session: c.ChallengeSession, mfa_token: code, mfa_method: method } });
    if (first !== second) expect((await errorOf(await put(first))).error_code).toBe('error.mfa.wrongToken');
    expect((await errorOf(await put(second, 'SOFTWARE_TOKEN_MFA'))).error_code).toBe('error.mfa.wrongMethod');
    expect((await put(second)).status).toBe(200);
  });
});

describe('remembered device', () => {
  it('skips the code for 30 days, then asks again', async () => {
    await mkUser('device@encore.demo');
    const c = await (await login('device@encore.demo')).json();
    const done = await (await answerTotp('device@encore.demo', c.ChallengeSession, undefined, { remember_device: true })).json();
    expect(done.DeviceKey).toMatch(/^dev_/);
    const keys = { device_key: done.DeviceKey, device_group_key: done.DeviceGroupKey };
    const again = await (await login('device@encore.demo', keys)).json();
    expect(again.Challenge).toBeNull();
    expect(again.AccessToken).toBeTruthy();
    const wrongGroup = await (await login('device@encore.demo', { ...keys, device_group_key: 'grp_nope' })).json();
    expect(wrongGroup.Challenge).toBe('SOFTWARE_TOKEN_MFA');
    advance(31 * 24 * 3600);
    const later = await (await login('device@encore.demo', keys)).json();
    expect(later.Challenge).toBe('SOFTWARE_TOKEN_MFA');
  });
});

describe('tokens and sessions', () => {
  it('access token expires after 15 minutes; the refresh cookie renews and rotates; reuse ends the family', async () => {
    await mkUser('refresh@encore.demo');
    const s = await api.signIn('refresh@encore.demo');
    const refreshCookie = cookieHeader(s.cookie, ['encore_refresh']);
    expect(s.cookie).toMatch(/encore_expires_at=\d+; Max-Age=900; Path=\//);
    advance(16 * 60);
    expect((await api.request('/api/v3/profile', { token: s.token })).status).toBe(401);
    const r1 = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: {}, cookie: refreshCookie });
    expect(r1.status).toBe(200);
    const b1 = await r1.json();
    expect(b1.TokenType).toBe('Bearer');
    expect(b1.RefreshToken).not.toBe(s.refreshToken);
    expect(r1.headers.get('set-cookie')).toMatch(/encore_session=.*encore_refresh=/s);
    expect((await api.request('/api/v3/profile', { token: b1.AccessToken })).status).toBe(200);
    // the body token works for bearer clients
    const r2 = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: b1.RefreshToken } });
    expect(r2.status).toBe(200);
    const b2 = await r2.json();
    // the first (spent) refresh token again: reuse → the whole family ends
    const reuse = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: {}, cookie: refreshCookie });
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).error_code).toBe('error.auth.refreshReused');
    expect((await api.request('/api/v3/profile', { token: b2.AccessToken })).status).toBe(401);
    expect((await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: b2.RefreshToken } })).status).toBe(401);
  });

  it('three concurrent renewals with one refresh token all succeed with the same new pair', async () => {
    await mkUser('tabs@encore.demo');
    const s = await api.signIn('tabs@encore.demo');
    advance(11 * 60);
    const renew = () => api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: s.refreshToken } });
    const answers = await Promise.all([renew(), renew(), renew()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => b.AccessToken)).size).toBe(1);
    expect(new Set(bodies.map((b) => b.RefreshToken)).size).toBe(1);
    expect(bodies[0].RefreshToken).not.toBe(s.refreshToken);
    // the cookies carry the same pair
    for (const r of answers) expect(r.headers.get('set-cookie')).toContain(`encore_refresh=${bodies[0].RefreshToken};`);
    expect((await api.request('/api/v3/profile', { token: bodies[0].AccessToken })).status).toBe(200);
    // one successor row, not three
    const live = await (await api.request('/api/v3/auth/sessions', { token: bodies[0].AccessToken })).json();
    expect(live).toHaveLength(1);
    // still within the grace period: the same token again answers the same pair
    advance(REFRESH_REUSE_GRACE_MS / 1000 - 5);
    const late = await renew();
    expect(late.status).toBe(200);
    expect((await late.json()).RefreshToken).toBe(bodies[0].RefreshToken);
    // the successor works and rotates normally
    const next = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: bodies[0].RefreshToken } });
    expect(next.status).toBe(200);
  });

  it('after the grace period reusing a spent refresh token ends the session', async () => {
    await mkUser('grace@encore.demo');
    const s = await api.signIn('grace@encore.demo');
    const first = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: s.refreshToken } });
    expect(first.status).toBe(200);
    const pair = await first.json();
    advance(REFRESH_REUSE_GRACE_MS / 1000 + 1);
    const reuse = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: s.refreshToken } });
    expect(reuse.status).toBe(401);
    expect((await errorOf(reuse)).error_code).toBe('error.auth.refreshReused');
    expect((await api.request('/api/v3/profile', { token: pair.AccessToken })).status).toBe(401);
    expect((await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: pair.RefreshToken } })).status).toBe(401);
  });

  it('within the grace period a spent token whose successor was already renewed is reuse', async () => {
    await mkUser('chain@encore.demo');
    const s = await api.signIn('chain@encore.demo');
    const p1 = await (await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: s.refreshToken } })).json();
    const p2 = await (await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: p1.RefreshToken } })).json();
    const stale = await api.request('/api/v3/auth/refresh_token', { method: 'POST', json: { token: s.refreshToken } });
    expect((await errorOf(stale)).error_code).toBe('error.auth.refreshReused');
    expect((await api.request('/api/v3/profile', { token: p2.AccessToken })).status).toBe(401);
  });

  it('GET /auth/session tells the expiry for the countdown', async () => {
    const s = await api.signIn('analyst@encore.demo');
    const body = await (await api.request('/api/v3/auth/session', { token: s.token })).json();
    expect(body.expires_in).toBe(900);
    expect(new Date(body.expires_at).getTime()).toBe(clock + 900_000);
    expect(body.mfa_setup_required).toBe(false);
  });

  it('lists the user\'s sessions and ends another one; another user\'s id is 404', async () => {
    await mkUser('many@encore.demo');
    const a = await api.signIn('many@encore.demo');
    const b = await api.signIn('many@encore.demo');
    const list = await (await api.request('/api/v3/auth/sessions', { token: a.token })).json();
    expect(list.length).toBe(2);
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.find((s: { current: boolean }) => !s.current);
    const admin = await api.signIn('admin@encore.demo');
    expect((await api.request(`/api/v3/auth/sessions/${other.id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
    expect((await api.request('/api/v3/auth/sessions/not-a-uuid', { method: 'DELETE', token: a.token })).status).toBe(400);
    expect((await api.request(`/api/v3/auth/sessions/${other.id}`, { method: 'DELETE', token: a.token })).status).toBe(204);
    expect((await api.request('/api/v3/profile', { token: b.token })).status).toBe(401);
    expect((await api.request('/api/v3/profile', { token: a.token })).status).toBe(200);
  });

  it('DELETE /auth/sessions ends every other session of the user; the current one keeps working', async () => {
    await mkUser('others@encore.demo');
    const a = await api.signIn('others@encore.demo');
    const b = await api.signIn('others@encore.demo');
    const c = await api.signIn('others@encore.demo');
    const admin = await api.signIn('admin@encore.demo');
    expect((await api.request('/api/v3/auth/sessions', { method: 'DELETE', token: a.token })).status).toBe(204);
    expect((await api.request('/api/v3/profile', { token: b.token })).status).toBe(401);
    expect((await api.request('/api/v3/profile', { token: c.token })).status).toBe(401);
    expect((await api.request('/api/v3/profile', { token: a.token })).status).toBe(200);
    // another user's sessions are untouched
    expect((await api.request('/api/v3/profile', { token: admin.token })).status).toBe(200);
    const list = await (await api.request('/api/v3/auth/sessions', { token: a.token })).json();
    expect(list).toHaveLength(1);
    expect(list[0].current).toBe(true);
    // nothing else to end is still fine
    expect((await api.request('/api/v3/auth/sessions', { method: 'DELETE', token: a.token })).status).toBe(204);
  });

  it('DELETE /auth/sessions without a session is 401', async () => {
    const res = await api.request('/api/v3/auth/sessions', { method: 'DELETE' });
    expect(res.status).toBe(401);
  });

  it('seeds the two account-flow demo users: newhire must set a password, legacy must update', async () => {
    const res = await login('newhire@encore.demo');
    expect(res.status).toBe(200);
    expect((await res.json()).Challenge).toBe('NEW_PASSWORD_REQUIRED');
    const [legacy] = await t.db.select().from(users).where(eq(users.email, 'legacy@encore.demo'));
    expect(legacy.needsUpdate).toBe(true);
    expect(legacy.mustChangePassword).toBe(false);
  });

  it('switching partner replaces the session id', async () => {
    const s = await api.signIn('multi@encore.demo');
    expect((await api.request('/api/v3/auth/partner', { method: 'POST', json: { partner_id: 1001 }, token: s.token })).status).toBe(204);
    const sw = await api.request('/api/v3/auth/partner', { method: 'POST', json: { partner_id: 1002 }, token: s.token });
    expect(sw.status).toBe(204);
    const fresh = sw.headers.get('set-cookie')!.match(/encore_session=([^;]+)/)![1];
    expect((await api.request('/api/v3/profile', { token: s.token })).status).toBe(401);
    expect((await (await api.request('/api/v3/profile', { token: fresh })).json()).partnerId).toBe(1002);
  });
});

describe('MFA setup and removal', () => {
  it('a user without a factor gets MFA_SETUP and a restricted session until the app is proven', async () => {
    await mkUser('nofactor@encore.demo', {}, false);
    const res = await login('nofactor@encore.demo');
    const body = await res.json();
    expect(body.Challenge).toBe('MFA_SETUP');
    expect(body.RefreshToken).toBeNull();
    const token = body.AccessToken as string;
    const blocked = await api.request('/api/v3/permissions', { token });
    expect(blocked.status).toBe(403);
    expect((await errorOf(blocked)).error_code).toBe('error.auth.mfaSetupRequired');
    expect((await api.request('/api/v3/auth/sessions', { token })).status).toBe(403);
    const offer = await (await api.request('/api/v3/auth/mfa/configure/totp', { token })).json();
    expect(offer.qr_uri).toMatch(/^data:image\/png;base64,/);
    expect(offer.otpauth_uri).toContain(`secret=${offer.qr_secret}`);
    const wrong = await api.request('/api/v3/auth/mfa/configure/totp', { method: 'PUT', json: { mfa_token: '000000' }, token });
    expect((await errorOf(wrong)).error_code).toBe('error.mfa.wrongToken');
    const done = await api.request('/api/v3/auth/mfa/configure/totp', { method: 'PUT', json: { mfa_token: totpCode(offer.qr_secret, clock) }, token });
    expect(done.status).toBe(200);
    const full = await done.json();
    expect(full.mfa_settings).toMatchObject({ preferred_mfa: 'SOFTWARE_TOKEN_MFA', softwareTokenMfa: true, emailTotp: true, required: true });
    expect((await api.request('/api/v3/permissions', { token })).status).toBe(401); // old id replaced
    expect((await api.request('/api/v3/permissions', { token: full.AccessToken })).status).toBe(200);
    // the secret is stored sealed
    const [row] = await t.db.select().from(users).where(eq(users.email, 'nofactor@encore.demo'));
    expect(row.totpSecretEnc).toMatch(/^v1\./);
    expect(row.totpSecretEnc).not.toContain(offer.qr_secret);
  });

  it('the email path of /setup-mfa activates email codes and promotes the session', async () => {
    await mkUser('emailpath@encore.demo', {}, false);
    const body = await (await login('emailpath@encore.demo')).json();
    const disable = await api.request('/api/v3/auth/mfa/settings', { method: 'PUT', json: { mfa_option_class: 'EMAIL_OTP', status: 'DISABLED' }, token: body.AccessToken });
    expect(disable.status).toBe(403);
    const res = await api.request('/api/v3/auth/mfa/settings', { method: 'PUT', json: { mfa_option_class: 'EMAIL_OTP', status: 'ENABLED', preferred: true }, token: body.AccessToken });
    expect(res.status).toBe(200);
    const full = await res.json();
    expect(full.mfa_settings).toMatchObject({ preferred_mfa: 'EMAIL_OTP', emailTotp: true, softwareTokenMfa: false });
    expect((await api.request('/api/v3/permissions', { token: full.AccessToken })).status).toBe(200);
    expect((await (await login('emailpath@encore.demo')).json()).Challenge).toBe('EMAIL_OTP');
  });

  it('removes the authenticator only with the password; email stays as the factor', async () => {
    await mkUser('remove@encore.demo');
    const s = await api.signIn('remove@encore.demo');
    const wrong = await api.request('/api/v3/auth/mfa/totp', { method: 'DELETE', json: { password: 'Wrong-pass-1!' }, token: s.token });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).error_code).toBe('error.auth.invalidPassword');
    const viaSettings = await api.request('/api/v3/auth/mfa/settings', { method: 'PUT', json: { mfa_option_class: 'SOFTWARE_TOKEN_MFA', status: 'DISABLED' }, token: s.token });
    expect((await errorOf(viaSettings)).error_code).toBe('error.mfa.reauthRequired');
    const res = await api.request('/api/v3/auth/mfa/totp', { method: 'DELETE', json: { password: DEMO_PASSWORD }, token: s.token });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.mfa_settings).toMatchObject({ softwareTokenMfa: false, emailTotp: true, preferred_mfa: 'EMAIL_OTP' });
    const last = await api.request('/api/v3/auth/mfa/settings', { method: 'PUT', json: { mfa_option_class: 'EMAIL_OTP', status: 'DISABLED' }, token: body.AccessToken });
    expect((await errorOf(last)).error_code).toBe('error.mfa.lastFactor');
    expect(await (await api.request('/api/v3/auth/mfa/settings', { token: body.AccessToken })).json()).toMatchObject({ activate_mfa: ['EMAIL_OTP'] });
  });
});

describe('abuse resistance', () => {
  it('locks an account+address after 5 failures, doubling, and the lock expires', async () => {
    await mkUser('brute@encore.demo');
    const bad = () => api.request('/api/v3/auth', { method: 'POST', json: { username: 'brute@encore.demo', password: 'Wrong-pass-1!' }, ip: '192.0.2.7' });
    for (let i = 0; i < 5; i++) expect((await bad()).status).toBe(401);
    const locked = await bad();
    expect(locked.status).toBe(429);
    expect((await errorOf(locked)).error_code).toBe('error.auth.locked');
    expect(Number(locked.headers.get('retry-after'))).toBe(60);
    // even the right password waits; another address is not locked
    expect((await login('brute@encore.demo', {}, '192.0.2.7')).status).toBe(429);
    expect((await login('brute@encore.demo', {}, '192.0.2.8')).status).toBe(200);
    advance(61);
    expect((await bad()).status).toBe(401); // 6th failure → 2 min
    const again = await bad();
    expect(Number(again.headers.get('retry-after'))).toBe(120);
    advance(121);
    expect((await login('brute@encore.demo', {}, '192.0.2.7')).status).toBe(200);
  });

  it('too many sign-ins from one address hit the rate limit with Retry-After', async () => {
    let res: Response | undefined;
    for (let i = 0; i <= LIMITS.signInIp.max; i++) {
      res = await api.request('/api/v3/auth', { method: 'POST', json: { username: `nobody${i}@x.example`, password: 'x' }, ip: '198.51.100.1' });
    }
    expect(res!.status).toBe(429);
    expect((await errorOf(res!)).error_code).toBe('error.auth.rateLimited');
    expect(Number(res!.headers.get('retry-after'))).toBeGreaterThan(0);
    advance(601);
    const after = await api.request('/api/v3/auth', { method: 'POST', json: { username: 'nobody@x.example', password: 'x' }, ip: '198.51.100.1' });
    expect(after.status).toBe(401);
    // Every attempt runs argon2id (64 MiB) against a dummy hash, so a busy 2-core machine needs time.
  }, 120_000);

  it('refuses a cookie POST from another origin (CSRF) but not same-origin or bearer', async () => {
    const s = await api.signIn('prisma@encore.demo');
    const cookie = cookieHeader(s.cookie, ['encore_session']);
    const evil = await api.request('/api/v3/profile/email', { method: 'POST', json: { new_email: 'x@evil.example', password: DEMO_PASSWORD }, cookie, origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect((await errorOf(evil)).error_code).toBe('error.auth.csrf');
    const site = await api.request('/api/v3/auth/logout', { method: 'POST', cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(site.status).toBe(403);
    const same = await api.request('/api/v3/profile', { method: 'PUT', json: { given_name: 'Priya' }, cookie, origin: 'http://localhost', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(same.status).toBe(200);
    const bearer = await api.request('/api/v3/profile', { method: 'PUT', json: { given_name: 'Priya' }, token: s.token, origin: 'https://evil.example' });
    expect(bearer.status).toBe(200);
  });
});

// Issue 3 §4, §5: forgot password, password policy keys, registration, new-password challenge,
// update details, email change, outbox and development mailbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts, DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../src/server/demo/accounts';
import { sealTotpSecret } from '../../src/server/modules/auth/totp-store';
import { memberships, outbox, permissions, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/password';
import { setClock } from '../../src/server/lib/clock';
import { devMailboxToken, isDevMailboxToken } from '../../src/server/lib/dev-mailbox';
import { config } from '../../src/server/config';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let clock = Date.UTC(2026, 1, 2, 9, 0, 0);
const advance = (sec: number) => {
  clock += sec * 1000;
};
const NEW_PW = 'Fresh-Start-2026!';

async function lastCode(to: string): Promise<string> {
  const [m] = await t.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt)).limit(1);
  return m.text!.match(/\b(\d{6})\b/)![1];
}
const post = (path: string, json: unknown, extra: { token?: string; ip?: string } = {}) => api.request(`/api/v3${path}`, { method: 'POST', json, ...extra });

beforeAll(async () => {
  setClock(() => clock);
  t = await createTestDb();
  await seedAccounts(t.db, { demoMfa: true });
  api = apiClient(t.db);
});
afterAll(async () => {
  setClock();
  await t.close();
});

describe('forgot password', () => {
  it('answers an unknown email exactly like a known one, and mails only the known', async () => {
    const known = await post('/auth/initiate_forgot_password', { email: 'analyst@encore.demo' });
    const unknown = await post('/auth/initiate_forgot_password', { email: 'ghost@encore.demo' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'ghost@encore.demo'))).toHaveLength(0);
    expect((await lastCode('analyst@encore.demo'))).toMatch(/^\d{6}$/);
  });

  it('resets with the code, ends every session, and still asks for MFA afterwards', async () => {
    const s = await api.signIn('analyst@encore.demo');
    await post('/auth/initiate_forgot_password', { email: 'analyst@encore.demo' });
    const code = await lastCode('analyst@encore.demo');
    const res = await post('/auth/confirm_forgot_password', { email: 'analyst@encore.demo', conf_code: code, new_password: NEW_PW });
    expect(res.status).toBe(200);
    expect((await api.request('/api/v3/profile', { token: s.token })).status).toBe(401);
    const again = await post('/auth/confirm_forgot_password', { email: 'analyst@encore.demo', conf_code: code, new_password: NEW_PW });
    expect((await errorOf(again)).error_code).toBe('error.code.expired');
    const login = await (await post('/auth', { username: 'analyst@encore.demo', password: NEW_PW })).json();
    expect(login.Challenge).toBe('SOFTWARE_TOKEN_MFA');
    expect(login.AccessToken).toBeNull();
  });

  it('a code expires after 10 minutes', async () => {
    await post('/auth/initiate_forgot_password', { email: 'prisma@encore.demo' });
    const code = await lastCode('prisma@encore.demo');
    advance(601);
    const res = await post('/auth/confirm_forgot_password', { email: 'prisma@encore.demo', conf_code: code, new_password: NEW_PW });
    expect((await errorOf(res)).error_code).toBe('error.code.expired');
  });

  it('5 wrong tries kill the code; an unknown email answers like a wrong code', async () => {
    await post('/auth/initiate_forgot_password', { email: 'multi@encore.demo' });
    const code = await lastCode('multi@encore.demo');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const r = await post('/auth/confirm_forgot_password', { email: 'multi@encore.demo', conf_code: wrong, new_password: NEW_PW });
      expect((await errorOf(r)).error_code).toBe('error.code.invalid');
    }
    const fifth = await post('/auth/confirm_forgot_password', { email: 'multi@encore.demo', conf_code: wrong, new_password: NEW_PW });
    expect((await errorOf(fifth)).error_code).toBe('error.code.expired');
    const right = await post('/auth/confirm_forgot_password', { email: 'multi@encore.demo', conf_code: code, new_password: NEW_PW });
    expect((await errorOf(right)).error_code).toBe('error.code.expired');
    const ghost = await post('/auth/confirm_forgot_password', { email: 'ghost@encore.demo', conf_code: '123456', new_password: NEW_PW });
    expect((await errorOf(ghost)).error_code).toBe('error.code.invalid');
  });

  it('is rate-limited per address (429 + Retry-After)', async () => {
    for (let i = 0; i < 3; i++) expect((await post('/auth/initiate_forgot_password', { email: 'limit@x.example' })).status).toBe(200);
    const res = await post('/auth/initiate_forgot_password', { email: 'limit@x.example' });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await post('/auth/initiate_forgot_password', { email: 'not-an-email' })).status).toBe(400);
  });
});

describe('password policy (spec 1 §5)', () => {
  const cases: [string, string][] = [
    ['', 'empty'],
    ['Ab1!xyz', 'tooShort'],
    ['lower-case-1!', 'missingUpperCase'],
    ['UPPER-CASE-1!', 'missingLowerCase'],
    ['No-Digits-Here!', 'missingNumber'],
    ['NoSpecial123', 'missingSpecial'],
  ];
  it.each(cases)('%j → 422 error.password.policy / %s', async (pw, key) => {
    const res = await post(`/auth/partners/1001/users`, { email: `pw-${key}@konzerthaus-rheinland.example`, password: pw, given_name: 'P', family_name: 'W', partner_id: 1001 });
    expect(res.status).toBe(422);
    const err = await errorOf(res);
    expect(err.error_code).toBe('error.password.policy');
    expect(err.error_subcode).toBe(key);
    expect(err.issues!.map((i) => i.message)).toContain(key);
  });
});

describe('registration under a partner', () => {
  it('registers, confirms by code, and the user gets the dashboard only and MFA_SETUP at sign-in', async () => {
    const body = { email: 'New.User@Harbourlights.Example', password: NEW_PW, given_name: 'Nora', family_name: 'New', partner_id: 1002 };
    expect((await post('/auth/partners/1002/users', body)).status).toBe(200);
    const before = await post('/auth', { username: 'new.user@harbourlights.example', password: NEW_PW });
    expect((await errorOf(before)).error_code).toBe('error.auth.notAuthorized');
    const code = await lastCode('new.user@harbourlights.example');
    expect((await post('/auth/partners/users/confirm', { email: 'new.user@harbourlights.example', conf_code: '999999' === code ? '888888' : '999999' })).status).toBe(400);
    expect((await post('/auth/partners/users/confirm', { email: 'new.user@harbourlights.example', conf_code: code })).status).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.email, 'new.user@harbourlights.example'));
    expect(u.emailVerified).toBe(true);
    expect(await t.db.select().from(memberships).where(eq(memberships.userId, u.id))).toMatchObject([{ partnerId: 1002, accessLevel: 'webapp-access-group-1' }]);
    expect((await t.db.select().from(permissions).where(eq(permissions.userId, u.id))).map((p) => p.name)).toEqual(['dashboard']);
    const login = await (await post('/auth', { username: 'new.user@harbourlights.example', password: NEW_PW })).json();
    expect(login.Challenge).toBe('MFA_SETUP');
  });

  it('answers an existing address like a new one and mails the owner instead', async () => {
    await t.db.insert(users).values({ email: 'staff@konzerthaus-rheinland.example', passwordHash: await hashPassword(DEMO_PASSWORD), givenName: 'S', familyName: 'T', language: 'de', emailVerified: true });
    const res = await post('/auth/partners/1001/users', { email: 'staff@konzerthaus-rheinland.example', password: NEW_PW, given_name: 'A', family_name: 'B', partner_id: 1001 });
    expect(res.status).toBe(200);
    const [m] = await t.db.select().from(outbox).where(eq(outbox.to, 'staff@konzerthaus-rheinland.example')).orderBy(desc(outbox.createdAt)).limit(1);
    expect(m.template).toBe('registerExists');
    expect(m.language).toBe('de');
    expect(m.subject).toContain('Registrierungsversuch');
  });

  it('refuses an unknown partner (403 like a foreign domain), a path/body mismatch (400) and bad input (400)', async () => {
    const base = { email: 'p@konzerthaus-rheinland.example', password: NEW_PW, given_name: 'A', family_name: 'B' };
    expect((await errorOf(await post('/auth/partners/9999/users', { ...base, partner_id: 9999 }))).error_code).toBe('error.registration.notAllowed');
    expect((await post('/auth/partners/1001/users', { ...base, partner_id: 1002 })).status).toBe(400);
    expect((await post('/auth/partners/abc/users', { ...base, partner_id: 1 })).status).toBe(400);
    expect((await post('/auth/partners/1001/users', { ...base, given_name: '', partner_id: 1001 })).status).toBe(400);
  });
});

describe('registration is limited to the partner\'s domain', () => {
  let n = 0; // each attempt from its own address (registration is limited to 10 an hour per address)
  const reg = (partner: number, email: string) =>
    post(`/auth/partners/${partner}/users`, { email, password: NEW_PW, given_name: 'Fay', family_name: 'Foreign', partner_id: partner }, { ip: `10.77.0.${++n}` });
  const setOpen = (token: string, open: unknown) => api.request('/api/v3/partners/registration', { method: 'PUT', json: { open_registration: open }, token, partner: 1001 });

  it('refuses a foreign domain with a clear message, the same answer as for an unknown partner', async () => {
    const foreign = await reg(1001, 'fay@elsewhere.example');
    const unknown = await reg(424242, 'fay@elsewhere.example');
    expect(foreign.status).toBe(403);
    const body = await errorOf(foreign);
    expect(body.error_code).toBe('error.registration.notAllowed');
    expect(body.message).toMatch(/only to email addresses of the organisation's own domain/);
    expect(unknown.status).toBe(403);
    expect(await errorOf(unknown)).toEqual(body);
    // nothing written, nothing mailed
    expect(await t.db.select().from(users).where(eq(users.email, 'fay@elsewhere.example'))).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.to, 'fay@elsewhere.example'))).toHaveLength(0);
    // the demo accounts' own domain is not the partner's either
    expect((await errorOf(await reg(1001, 'someone@encore.demo'))).error_code).toBe('error.registration.notAllowed');
  });

  it('accepts the exact domain and its subdomains, not look-alikes', async () => {
    expect((await reg(1001, 'exact@konzerthaus-rheinland.example')).status).toBe(200);
    expect((await reg(1001, 'sub@tickets.konzerthaus-rheinland.example')).status).toBe(200);
    for (const email of ['x@evil-konzerthaus-rheinland.example', 'x@konzerthaus-rheinland.example.evil.test', 'x@rheinland.example']) {
      expect((await reg(1001, email)).status, email).toBe(403);
    }
  });

  it('a partner admin turns open registration on in settings (settings permission); then any address may register', async () => {
    const [plain] = await t.db
      .insert(users)
      .values({ email: 'dash@konzerthaus-rheinland.example', passwordHash: await hashPassword(DEMO_PASSWORD), givenName: 'D', familyName: 'B', emailVerified: true, totpEnabled: true, emailOtpEnabled: true, mfaPreferred: 'SOFTWARE_TOKEN_MFA' })
      .returning();
    await t.db.update(users).set({ totpSecretEnc: sealTotpSecret(DEMO_TOTP_SECRET, plain.id) }).where(eq(users.id, plain.id));
    await t.db.insert(memberships).values({ userId: plain.id, partnerId: 1001 });
    await t.db.insert(permissions).values({ userId: plain.id, partnerId: 1001, name: 'dashboard', isEnabled: true });
    const admin = await api.signIn('admin@encore.demo');
    const refused = await setOpen((await api.signIn('dash@konzerthaus-rheinland.example')).token, true);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).error_code).toBe('error.auth.forbidden');
    expect((await setOpen(admin.token, 'yes')).status).toBe(400);
    expect(await (await api.request('/api/v3/partners/registration', { token: admin.token, partner: 1001 })).json()).toEqual({ open_registration: false, domain: 'konzerthaus-rheinland.example' });
    try {
      const on = await setOpen(admin.token, true);
      expect(on.status).toBe(200);
      expect(await on.json()).toEqual({ open_registration: true, domain: 'konzerthaus-rheinland.example' });
      expect((await reg(1001, 'open@elsewhere.example')).status).toBe(200);
      // another partner stays closed
      expect((await reg(1002, 'open2@elsewhere.example')).status).toBe(403);
      const code = await lastCode('open@elsewhere.example');
      // closed again before the code is confirmed: the confirmation is refused too
      expect((await setOpen(admin.token, false)).status).toBe(200);
      const late = await post('/auth/partners/users/confirm', { email: 'open@elsewhere.example', conf_code: code });
      expect((await errorOf(late)).error_code).toBe('error.registration.notAllowed');
      expect((await reg(1001, 'open3@elsewhere.example')).status).toBe(403);
    } finally {
      await setOpen(admin.token, false);
    }
  });
});

describe('challenge NEW_PASSWORD_REQUIRED and update details', () => {
  it('a flagged user sets a new password, then meets MFA_SETUP', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ email: 'flagged@encore.demo', passwordHash: await hashPassword(DEMO_PASSWORD), givenName: 'F', familyName: 'L', emailVerified: true, mustChangePassword: true })
      .returning();
    await t.db.insert(memberships).values({ userId: u.id, partnerId: 1001 });
    const c = await (await post('/auth', { username: 'flagged@encore.demo', password: DEMO_PASSWORD })).json();
    expect(c.Challenge).toBe('NEW_PASSWORD_REQUIRED');
    const weak = await api.request('/api/v3/auth/challenge/new-password', { method: 'PUT', json: { username: 'flagged@encore.demo', session: c.ChallengeSession, new_password: 'weak' } });
    expect((await errorOf(weak)).error_subcode).toBe('tooShort');
    const res = await api.request('/api/v3/auth/challenge/new-password', { method: 'PUT', json: { username: 'flagged@encore.demo', session: c.ChallengeSession, new_password: NEW_PW } });
    expect(res.status).toBe(200);
    expect((await res.json()).Challenge).toBe('MFA_SETUP');
    const reuse = await api.request('/api/v3/auth/challenge/new-password', { method: 'PUT', json: { username: 'flagged@encore.demo', session: c.ChallengeSession, new_password: NEW_PW } });
    expect((await errorOf(reuse)).error_code).toBe('error.auth.challengeExpired');
  });

  it('update_users re-registers a needs_update user and replaces the session', async () => {
    await t.db.update(users).set({ needsUpdate: true }).where(eq(users.email, 'prisma@encore.demo'));
    const s = await api.signIn('prisma@encore.demo');
    const mismatch = await post('/auth/partners/1002/update_users', { email: 'other@x.example', password: NEW_PW, name: 'Priya P', partner_id: 1002 }, { token: s.token });
    expect((await errorOf(mismatch)).error_code).toBe('error.account.emailMismatch');
    expect((await post('/auth/partners/1001/update_users', { email: 'prisma@encore.demo', password: NEW_PW, name: 'Priya P', partner_id: 1001 }, { token: s.token })).status).toBe(404);
    const res = await post('/auth/partners/1002/update_users', { email: 'prisma@encore.demo', password: NEW_PW, name: 'Priya Prisma-Patel', partner_id: 1002 }, { token: s.token });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const [u] = await t.db.select().from(users).where(eq(users.email, 'prisma@encore.demo'));
    expect(u).toMatchObject({ needsUpdate: false, givenName: 'Priya', familyName: 'Prisma-Patel' });
    expect((await api.request('/api/v3/profile', { token: s.token })).status).toBe(401);
    const again = await post('/auth/partners/1002/update_users', { email: 'prisma@encore.demo', password: NEW_PW, name: 'P P', partner_id: 1002 });
    expect(again.status).toBe(401);
  });
});

describe('email change', () => {
  it('needs the password and a code sent to the new address; the old address is told', async () => {
    const s = await api.signIn('admin@encore.demo');
    const wrong = await post('/profile/email', { new_email: 'anna@x.example', password: 'Nope-nope-1!' }, { token: s.token });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).error_code).toBe('error.auth.invalidPassword');
    const taken = await post('/profile/email', { new_email: 'multi@encore.demo', password: DEMO_PASSWORD }, { token: s.token });
    expect((await errorOf(taken)).error_code).toBe('error.account.emailTaken');
    expect((await post('/profile/email', { new_email: 'anna@x.example', password: DEMO_PASSWORD }, { token: s.token })).status).toBe(200);
    const code = await lastCode('anna@x.example');
    const res = await post('/profile/email/confirm', { code }, { token: s.token });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe('anna@x.example');
    const [note] = await t.db.select().from(outbox).where(eq(outbox.to, 'admin@encore.demo')).orderBy(desc(outbox.createdAt)).limit(1);
    expect(note.template).toBe('emailChanged');
  });
});

describe('development mailbox', () => {
  const token = devMailboxToken();

  it('with the mailbox token lists the whole outbox, filtered by recipient', async () => {
    const res = await api.request(`/api/v3/dev/mailbox?to=anna@x.example&token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ to: 'anna@x.example', template: 'emailChangeCode', sent_at: null });
    const viaHeader = await api.request('/api/v3/dev/mailbox', { headers: { 'X-Dev-Mailbox-Token': token } });
    const all = (await viaHeader.json()) as { to: string }[];
    expect(new Set(all.map((m) => m.to)).size).toBeGreaterThan(1);
  });

  it('without the token and not signed in it does not exist (404 like an unknown path)', async () => {
    const unknown = await api.request('/api/v3/dev/nothing-here');
    for (const path of ['/api/v3/dev/mailbox', '/api/v3/dev/mailbox?to=anna@x.example', '/api/v3/dev/mailbox?token=wrong-token-wrong-token']) {
      const res = await api.request(path);
      expect(res.status, path).toBe(404);
      const err = await errorOf(res);
      expect(err.error_code).toBe('error.common.notFound');
      expect(JSON.stringify(err)).not.toContain('anna@x.example');
    }
    expect((await errorOf(unknown)).error_code).toBe('error.common.notFound');
  });

  it('a signed-in user without the token sees only the mails to their own address', async () => {
    const s = await api.signIn('multi@encore.demo');
    const own = (await (await api.request('/api/v3/dev/mailbox', { token: s.token })).json()) as { to: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((m) => m.to === 'multi@encore.demo')).toBe(true);
    const other = await api.request('/api/v3/dev/mailbox?to=anna@x.example', { token: s.token });
    expect(other.status).toBe(200);
    expect(await other.json()).toEqual([]);
  });

  it('does not exist when the demo is off, not even with the token', async () => {
    (config as { demo: boolean }).demo = false;
    try {
      const res = await apiClient(t.db).request(`/api/v3/dev/mailbox?token=${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).error_code).toBe('error.common.notFound');
    } finally {
      (config as { demo: boolean }).demo = true;
    }
  });

  it('the token is random per process, and ENCORE_DEV_MAILBOX_TOKEN may fix it (tests only)', () => {
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(isDevMailboxToken(token)).toBe(true);
    expect(isDevMailboxToken(token.slice(0, -1))).toBe(false);
    expect(isDevMailboxToken('')).toBe(false);
    expect(isDevMailboxToken(undefined)).toBe(false);
    const holder = globalThis as Record<symbol, unknown>;
    const key = Symbol.for('encore.devMailboxToken');
    const saved = holder[key];
    try {
      delete holder[key];
      process.env.ENCORE_DEV_MAILBOX_TOKEN = 'fixed-token-for-the-journeys';
      expect(devMailboxToken()).toBe('fixed-token-for-the-journeys');
      delete holder[key];
      process.env.ENCORE_DEV_MAILBOX_TOKEN = 'short';
      expect(() => devMailboxToken()).toThrow(/at least 16/);
    } finally {
      delete process.env.ENCORE_DEV_MAILBOX_TOKEN;
      holder[key] = saved;
    }
  });
});

// GET /permissions, /features, /profile, PUT /profile, /partners/, /messages/totalunread and the
// tenancy rules of ARCHITECTURE.md §3 (partner header, module permissions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let multi: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
});
afterAll(() => t.close());

const enabled = (list: { name: string; is_enabled: boolean }[]) => list.filter((p) => p.is_enabled).map((p) => p.name).sort();

describe('who am I', () => {
  it('lists every permission name with its flag', async () => {
    const res = await api.request('/api/v3/permissions', { token: analyst });
    const list = await res.json();
    expect(list.map((p: { name: string }) => p.name).sort()).toEqual(['backhaul', 'dashboard', 'lookout', 'sales', 'sentinel', 'settings', 'simulation', 'wave']);
    expect(enabled(list)).toEqual(['lookout', 'sales']);
    expect(enabled(await (await api.request('/api/v3/permissions', { token: admin })).json())).toHaveLength(8);
  });

  it('merges partner feature flags with the user overrides and the build defaults', async () => {
    const a = await (await api.request('/api/v3/features', { token: admin })).json();
    expect(a).toMatchObject({ 'package-builder': true, 'campaign.composer.edit': true, 'features.console.toggle': true });
    const b = await (await api.request('/api/v3/features', { token: analyst })).json();
    expect(b).toMatchObject({ 'package-builder': true, 'campaign.composer.edit': false, 'features.console.toggle': false, 'event.simulation': true });
  });

  it('returns the profile fields of spec 1 §3', async () => {
    const p = await (await api.request('/api/v3/profile', { token: admin })).json();
    expect(p).toMatchObject({ email: 'admin@encore.demo', given_name: 'Anna', family_name: 'Admin', name: 'Anna Admin', language: 'de', partnerId: 1001, accessLevel: 'webapp-access-group-1', isAdmin: true });
    expect(p.cognitoGroups).toEqual(['partner-id-1001']);
  });

  it('updates language and names, and rejects unknown fields and bad values', async () => {
    const ok = await api.request('/api/v3/profile', { method: 'PUT', token: analyst, json: { language: 'de', given_name: 'Jonas' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ language: 'de', locale: 'de-DE' });
    expect((await (await api.request('/api/v3/profile', { token: analyst })).json()).language).toBe('de');
    for (const json of [{ language: 'fr' }, { given_name: '' }, { email: 'x@y.z' }, { is_admin: true }]) {
      const res = await api.request('/api/v3/profile', { method: 'PUT', token: analyst, json });
      expect(res.status).toBe(400);
      await errorOf(res);
    }
  });

  // Security hardening: these reached the users table and PostgreSQL refused them (500).
  it('rejects a NUL or an unpaired surrogate in the profile with 400 naming the field', async () => {
    for (const [json, path] of [
      [{ given_name: 'a\u0000b' }, 'given_name'],
      [{ family_name: 'Müller\udc00' }, 'family_name'],
      [{ multi_partner_view: '\u0000' }, 'multi_partner_view'],
    ] as const) {
      const res = await api.request('/api/v3/profile', { method: 'PUT', token: analyst, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = await errorOf(res);
      expect(body.error_code).toBe('error.validation.invalid');
      expect(body.issues?.map((i) => i.path)).toEqual([path]);
    }
    const email = await api.request('/api/v3/profile/email', { method: 'POST', token: analyst, json: { new_email: 'x\u0000@y.de', password: 'p' } });
    expect(email.status).toBe(400);
    // Names with emoji (surrogate pairs) are fine.
    expect((await api.request('/api/v3/profile', { method: 'PUT', token: analyst, json: { given_name: 'Jonas 🎻' } })).status).toBe(200);
  });

  it('returns the partner details of spec 1 §1', async () => {
    const p = await (await api.request('/api/v3/partners/', { token: admin })).json();
    expect(p).toEqual({
      id: 1001,
      name: 'Konzerthaus Rheinland',
      domain: 'konzerthaus-rheinland.example',
      campaign_recommendations: true,
      demand_prediction: true,
      vertical: 'live-entertainment',
      attribution_model_default: 'FD',
      product: 'full-service',
      currency: 'EUR',
    });
  });

  it('counts unread notifications of the user at the current partner', async () => {
    const res = await api.request('/api/v3/messages/totalunread', { token: admin });
    expect(await res.json()).toEqual({ total_unread: 7 });
  });

  it('answers 401 without credentials and with a forged token', async () => {
    for (const token of [undefined, 'forged-token-value']) {
      const res = await api.request('/api/v3/profile', { token });
      expect(res.status).toBe(401);
      await errorOf(res);
    }
  });
});

describe('X-Preferred-Partner-Id', () => {
  it('acts for the named partner when the user belongs to it', async () => {
    const p = await (await api.request('/api/v3/partners/', { token: multi, partner: 1002 })).json();
    expect(p.id).toBe(1002);
    const perms = enabled(await (await api.request('/api/v3/permissions', { token: multi, partner: 1002 })).json());
    expect(perms).toEqual(['dashboard', 'lookout', 'settings', 'wave']);
    const perms1001 = enabled(await (await api.request('/api/v3/permissions', { token: multi, partner: 1001 })).json());
    expect(perms1001).toEqual(['dashboard', 'lookout', 'sales', 'settings']);
  });

  it('answers 404 for a partner the user does not belong to, never confirming it exists', async () => {
    const other = await api.request('/api/v3/partners/', { token: analyst, partner: 1002 });
    const missing = await api.request('/api/v3/partners/', { token: analyst, partner: 9999 });
    expect(other.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await errorOf(other)).toEqual(await errorOf(missing));
  });

  it('rejects a malformed header with 400', async () => {
    const res = await api.request('/api/v3/partners/', { token: analyst, partner: '1001; drop table' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error_code).toBe('error.partner.invalidHeader');
  });
});

describe('module permissions on the API', () => {
  it('answers 403 for a module the user lacks, naming the permission', async () => {
    for (const path of ['/api/v3/campaigns/fb/stats', '/api/v3/nlq', '/api/v3/simulation', '/api/campaign/events/e1']) {
      const res = await api.request(path, { token: analyst });
      expect(res.status, path).toBe(403);
      const err = await errorOf(res);
      expect(err.error_code).toBe('error.auth.forbidden');
      expect(err.message).toBe('You are not authorized to perform this action. Please contact your admin');
    }
  });

  it('lets a user with the permission through to the module', async () => {
    const res = await api.request('/api/v3/campaigns/fb/stats', { token: admin });
    expect(res.status).not.toBe(403);
  });

  it('needs the package-builder feature as well as backhaul for packages', async () => {
    const prisma = (await api.signIn('prisma@encore.demo')).token; // backhaul, but the partner lacks the feature
    const res = await api.request('/api/v3/package_builder/packages', { token: prisma });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).error_subcode).toBe('package-builder');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await api.request('/api/v3/no-such-call', { token: admin });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error_code).toBe('error.common.notFound');
  });
});

describe('PUT /partners/attribution_model (settings #system, spec 2 §4)', () => {
  const put = (model: string, token: string) => api.request(`/api/v3/partners/attribution_model?model=${encodeURIComponent(model)}`, { method: 'PUT', token });
  const stored = async (token: string) => ((await (await api.request('/api/v3/partners/', { token })).json()) as { attribution_model_default: string }).attribution_model_default;

  it('stores a model the partner may use, answering 204', async () => {
    expect((await put('META', admin)).status).toBe(204);
    expect(await stored(admin)).toBe('META');
    expect((await put('external', admin)).status).toBe(204);
    expect(await stored(admin)).toBe('EXTERNAL');
    expect((await put('FD', admin)).status).toBe(204);
    expect(await stored(admin)).toBe('FD');
  });

  it('refuses unknown models, FD for a product partner, and users without the settings permission', async () => {
    const unknown = await put('last_click', admin);
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).error_code).toBe('error.validation.invalid');
    const prisma = (await api.signIn('prisma@encore.demo')).token;
    const fd = await put('FD', prisma);
    expect(fd.status).toBe(400);
    expect((await errorOf(fd)).error_code).toBe('error.partner.attributionModelNotOffered');
    expect(await stored(prisma)).toBe('META');
    const denied = await put('META', analyst);
    expect(denied.status).toBe(403);
    expect(await stored(admin)).toBe('FD');
  });
});

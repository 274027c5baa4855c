// Issue 25: the partner's country and region, whose public holidays the demand forecast reads
// (settings #system). GET and PUT /partners/calendar and GET /partners/calendar/regions need the
// settings permission, act for the partner the request names only, and accept ISO 3166-1 country
// codes and date-holidays region codes of that country; a change queues a forecast recompute.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { partners, tasks } from '../../src/server/db/schema';
import { forecastInputs, loadForecastInputs } from '../../src/server/modules/forecast/recompute';
import { FORECAST_RECOMPUTE } from '../../src/server/modules/forecast/tasks';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let multi: string;
let prisma: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
});
afterAll(() => t.close());

const get = (token: string, partner: number) => api.request('/api/v3/partners/calendar', { token, partner });
const put = (token: string, partner: number, json: unknown) => api.request('/api/v3/partners/calendar', { method: 'PUT', token, partner, json });
const stored = async (id: number) => (await t.db.select({ country: partners.country, region: partners.region }).from(partners).where(eq(partners.id, id)))[0];
const recomputes = async (id: number) =>
  (await t.db.select().from(tasks).where(and(eq(tasks.kind, FORECAST_RECOMPUTE), eq(tasks.partnerId, id)))).length;

describe('the forecast calendar of a partner', () => {
  it('is the demo partners’: 1001 in North Rhine-Westphalia, 1002 in Great Britain', async () => {
    const res = await get(admin, 1001);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ country: 'DE', region: 'NW' });
    expect(body.regions).toHaveLength(16);
    expect(body.regions).toContainEqual({ code: 'NW', name: 'Nordrhein-Westfalen' });
    expect(body.countries).toEqual(expect.arrayContaining(['DE', 'GB', 'PT', 'AT', 'CH']));
    expect(await (await get(prisma, 1002)).json()).toMatchObject({ country: 'GB', region: null });
    expect((await loadForecastInputs(t.db, 1001)).calendar).toEqual({ country: 'DE', region: 'NW' });
    // The live forecast reads that calendar (unless a caller names another), not Germany's by default.
    const holidaysOf = async (id: number, opts = {}) => {
      const { country, region } = forecastInputs(id, await loadForecastInputs(t.db, id), { cacheModel: false, ...opts }).holidays;
      return { country, region };
    };
    expect(await holidaysOf(1001)).toEqual({ country: 'DE', region: 'NW' });
    expect(await holidaysOf(1002)).toEqual({ country: 'GB', region: null });
    expect(await holidaysOf(1001, { country: 'PT' })).toEqual({ country: 'PT', region: null });
  });

  it('needs the settings permission to read or change', async () => {
    for (const res of [await get(analyst, 1001), await put(analyst, 1001, { country: 'AT' }), await api.request('/api/v3/partners/calendar/regions?country=AT', { token: analyst, partner: 1001 })]) {
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error_code).toBe('error.auth.forbidden');
    }
    expect(await stored(1001)).toEqual({ country: 'DE', region: 'NW' });
  });

  it('refuses malformed codes (400) and codes that name no country or no region of the country (422), changing nothing', async () => {
    for (const json of [{}, { country: 'Germany' }, { country: 'D' }, { country: 49 }, { country: 'DE', region: 'North Rhine' }, { country: 'DE', region: 7 }, { country: 'DE', extra: 1 }]) {
      const res = await put(admin, 1001, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      await errorOf(res);
    }
    const unknownCountry = await put(admin, 1001, { country: 'XX' });
    expect(unknownCountry.status).toBe(422);
    expect(await errorOf(unknownCountry)).toMatchObject({ error_code: 'error.partner.unknownCountry', error_subcode: 'country' });
    for (const json of [{ country: 'DE', region: 'ZZ' }, { country: 'DE', region: 'ENG' }, { country: 'GB', region: 'NW' }, { country: 'PT', region: 'NW' }]) {
      const res = await put(admin, 1001, json);
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect((await errorOf(res)).error_code).toBe('error.partner.unknownRegion');
    }
    expect(await stored(1001)).toEqual({ country: 'DE', region: 'NW' });
    expect(await recomputes(1001)).toBe(0);
  });

  it('lists the regions of a country, and refuses an unknown one', async () => {
    const gb = await api.request('/api/v3/partners/calendar/regions?country=gb', { token: admin, partner: 1001 });
    expect(gb.status).toBe(200);
    const body = await gb.json();
    expect(body.country).toBe('GB');
    expect(body.regions.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['ENG', 'SCT', 'WLS', 'NIR']));
    expect((await (await api.request('/api/v3/partners/calendar/regions?country=PT', { token: admin, partner: 1001 })).json()).regions).toEqual([]);
    const unknown = await api.request('/api/v3/partners/calendar/regions?country=XX', { token: admin, partner: 1001 });
    expect(unknown.status).toBe(422);
    expect((await errorOf(unknown)).error_code).toBe('error.partner.unknownCountry');
    expect((await api.request('/api/v3/partners/calendar/regions?country=%3Cb%3E', { token: admin, partner: 1001 })).status).toBe(400);
    expect((await api.request('/api/v3/partners/calendar/regions', { token: admin, partner: 1001 })).status).toBe(400);
  });

  it("changes only the partner the request acts for, and queues that partner's forecast recompute", async () => {
    const res = await put(multi, 1002, { country: 'gb', region: 'eng' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ country: 'GB', region: 'ENG' });
    expect(await stored(1002)).toEqual({ country: 'GB', region: 'ENG' });
    expect(await stored(1001)).toEqual({ country: 'DE', region: 'NW' });
    expect(await recomputes(1002)).toBe(1);
    expect(await recomputes(1001)).toBe(0);
    const inputs = await loadForecastInputs(t.db, 1002);
    expect(forecastInputs(1002, inputs, { cacheModel: false }).holidays).toMatchObject({ country: 'GB', region: 'ENG' });
    // The same again changes nothing and queues nothing more.
    expect((await put(multi, 1002, { country: 'GB', region: 'ENG' })).status).toBe(200);
    expect(await recomputes(1002)).toBe(1);
    // A country without a region: its nationwide holidays.
    expect(await (await put(prisma, 1002, { country: 'GB', region: null })).json()).toMatchObject({ country: 'GB', region: null });
    expect(await stored(1002)).toEqual({ country: 'GB', region: null });
  });

  it('accepts every region the regions call lists, in any case, and stores its own spelling (the Cook Islands name theirs)', async () => {
    const ck = await (await api.request('/api/v3/partners/calendar/regions?country=CK', { token: prisma, partner: 1002 })).json();
    expect(ck.regions).toContainEqual({ code: 'Aitutaki', name: 'Aitutaki' });
    const res = await put(prisma, 1002, { country: 'ck', region: 'aitutaki' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ country: 'CK', region: 'Aitutaki' });
    expect(await stored(1002)).toEqual({ country: 'CK', region: 'Aitutaki' });
    expect((await loadForecastInputs(t.db, 1002)).calendar).toEqual({ country: 'CK', region: 'Aitutaki' });
    expect((await put(prisma, 1002, { country: 'GB', region: null })).status).toBe(200);
  });

  it("answers another partner's calendar as not found, for reading and for changing", async () => {
    for (const res of [await get(prisma, 1001), await put(prisma, 1001, { country: 'FR' }), await get(analyst, 1002), await put(analyst, 1002, { country: 'FR' })]) {
      expect(res.status).toBe(404);
    }
    const missing = await get(prisma, 9999);
    expect(missing.status).toBe(404);
    expect(await errorOf(await get(prisma, 1001))).toEqual(await errorOf(missing));
    expect(await stored(1001)).toEqual({ country: 'DE', region: 'NW' });
  });
});

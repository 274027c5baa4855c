// spec 3 §2 "Bulk events upload page", §5 "Bulk upload", §7 POST events/bulk_upload, §8: valid EU
// and US workbooks (German and French names) create events visible in GET /events/, every error
// kind is listed by sheet/row/field, one bad row creates nothing, hostile workbooks are refused
// with a clear error, and the simulation permission, the feature flag and the partner scope hold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { events, featureFlags, tasks } from '../../src/server/db/schema';
import { fileForm, manyRowsXml, rawXlsx, xlsx, zip, type Cells } from '../helpers/workbooks';
import { eventsTemplate } from '../../src/server/modules/events/bulk/template';
import { FORECAST_RECOMPUTE } from '../../src/server/modules/forecast';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let prisma: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
}, 120_000);
afterAll(() => t.close());

const ahead = (days: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d;
};
const p2 = (n: number) => String(n).padStart(2, '0');
const euDate = (d: Date) => `${p2(d.getUTCDate())}.${p2(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
const usDate = (d: Date) => `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()}`;

const EN = ['Identifier*', 'Title*', 'Category*', 'Date*', 'Time*', 'Avg Price*', 'City*', 'Venue*', 'Hall*', 'Venue Capacity*'];
const DE = ['Veranstaltungskennung', 'Titel', 'Kategorie', 'Datum', 'Uhrzeit', 'Durchschnittspreis', 'Stadt', 'Spielstätte', 'Saal', 'Kapazität'];
const FR = ['Identifiant', 'Titre', 'Catégorie', 'Date', 'Heure', 'Prix moyen', 'Ville', 'Lieu', 'Salle', 'Capacité'];
const row = (id: string, date: string, over: Partial<{ title: string; time: string; capacity: unknown; price: unknown; category: string }> = {}): Cells => [
  id, over.title ?? `Konzert ${id}`, over.category ?? 'symphony', date, over.time ?? '19:30', (over.price ?? 35) as number, 'Köln', 'Bulk Halle', 'Saal B', (over.capacity ?? 900) as number,
];

const upload = (buf: Buffer, opts: { token?: string; type?: string; name?: string } = {}) =>
  api.request(`/api/v3/events/bulk_upload?event_type=${opts.type ?? 'fdlive'}`, { method: 'POST', token: opts.token ?? admin, body: fileForm(buf, opts.name ?? 'events.xlsx') });

const bulkCount = async () => {
  const r = (await t.db.execute(sql`select count(*)::int as n from events where partner_id = 1001 and source = 'manual'`)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
};

async function expectRefused(buf: Buffer, status: number, code: string) {
  const before = await bulkCount();
  const res = await upload(buf);
  const body = await errorOf(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error_code).toBe(`error.bulk_upload.${code}`);
  expect(await bulkCount()).toBe(before);
  return body;
}

const listed = async (q: string, token = admin) => {
  const res = await api.request(`/api/v3/events/?q=${encodeURIComponent(q)}&simulated=true`, { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: { id: string; title: string }[] }).items;
};

describe('valid workbooks', () => {
  it('creates the events of a German-named EU workbook with lineups and setlists in one go, and enqueues the recompute', async () => {
    const d = ahead(20);
    const buf = await xlsx({
      Veranstaltungen: [DE, row('DE-1', euDate(d)), row('DE-2', euDate(ahead(21)), { time: '20:00' })],
      Künstler: [['Veranstaltungskennung', 'Künstlername', 'Rolle'], ['DE-1', 'Anna Weber', 'conductor'], ['DE-2', 'Die Band', 'Band']],
      Werke: [['Veranstaltungskennung', 'Komponist', 'Werktitel'], ['DE-1', 'Beethoven', 'Sinfonie Nr. 9']],
      Einstellungen: [['aux_date_format', 'dd.mm.yyyy']],
      Anleitung: [['wird ignoriert']],
    });
    const res = await upload(buf);
    const body = (await res.json()) as { created: number; ids: string[] };
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.created).toBe(2);
    expect(body.ids.every((id) => id.startsWith('e1001-sim-'))).toBe(true);
    const [first] = await t.db.select().from(events).where(and(eq(events.partnerId, 1001), eq(events.eid, 'DE-1')));
    expect(first).toMatchObject({ title: 'Konzert DE-1', category: 'symphony', capacity: 900, price: 35, source: 'manual' });
    expect(first!.startDateTime.toISOString()).toBe(`${d.toISOString().slice(0, 10)}T19:30:00.000Z`);
    expect(first!.lineups).toEqual([{ artist_name: 'Anna Weber', artist_type: 'conductor' }]);
    expect(first!.setlists).toEqual([{ artist_name: 'Beethoven', track: 'Sinfonie Nr. 9' }]);
    expect((await listed('Konzert DE-')).map((e) => e.title).sort()).toEqual(['Konzert DE-1', 'Konzert DE-2']);
    const queued = await t.db.select().from(tasks).where(eq(tasks.kind, FORECAST_RECOMPUTE));
    expect(queued.some((task) => JSON.stringify(task.payload).includes(body.ids[0]!))).toBe(true);
  });

  it('numbers many events of one workbook without walking the id retries, and refuses more than 1,000 events', async () => {
    const many = Array.from({ length: 40 }, (_, i) => row(`MANY-${i}`, euDate(ahead(60))));
    const res = await upload(await xlsx({ Events: [EN, ...many] }));
    const body = (await res.json()) as { ids: string[] };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const numbers = body.ids.map((id) => Number(id.split('-sim-')[1]));
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i));
    const tooMany = Array.from({ length: 1001 }, (_, i) => row(`TM-${i}`, euDate(ahead(60))));
    const refused = await expectRefused(await xlsx({ Events: [EN, ...tooMany] }), 400, 'invalid_workbook');
    expect(refused.error_subcode).toBe('too_many_events');
  });

  it('reads a French-named US workbook by its aux_date_format', async () => {
    const d = ahead(45);
    const buf = await xlsx({
      Événements: [FR, row('FR-1', usDate(d))],
      Paramètres: [['aux_date_format', 'mm/dd/yyyy']],
    });
    const res = await upload(buf);
    expect(res.status).toBe(200);
    const [ev] = await t.db.select().from(events).where(eq(events.eid, 'FR-1'));
    expect(ev!.startDateTime.toISOString().slice(0, 10)).toBe(d.toISOString().slice(0, 10));
  });

  it('accepts both downloaded templates as they are (their example rows)', async () => {
    for (const region of ['eu', 'us'] as const) {
      const buf = await eventsTemplate(region);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(buf as unknown as ArrayBuffer);
      expect(wb.worksheets.map((w) => w.name)).toEqual(['Events', 'Lineup Artists', 'Setlist Works', 'settings', 'Instructions']);
      expect(wb.getWorksheet('settings')!.getCell('B1').value).toBe(region === 'eu' ? 'dd.mm.yyyy' : 'mm/dd/yyyy');
      const id = String(wb.getWorksheet('Events')!.getCell('A2').value);
      // Both examples share an identifier: the second upload is refused as already uploaded.
      const res = await upload(buf);
      if (region === 'eu') expect(res.status, await res.clone().text()).toBe(200);
      else {
        const body = await errorOf(res);
        expect(body.issues).toEqual([{ path: 'events.2.identifier.A', message: 'identifierExists' }]);
      }
      const [ev] = await t.db.select().from(events).where(eq(events.eid, id));
      expect(ev!.lineups).toHaveLength(2);
    }
  });

  it('reads an .xls workbook too', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([EN, row('XLS-1', euDate(ahead(15)))]), 'Events');
    const buf = Buffer.from(XLSX.write(wb, { type: 'buffer', bookType: 'xls' }) as Uint8Array);
    const res = await upload(buf, { name: 'events.xls' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await t.db.select().from(events).where(eq(events.eid, 'XLS-1'))).length).toBe(1);
  });

  it('event_type=prisma makes product events', async () => {
    const buf = await xlsx({ Events: [['Identifier', 'Title', 'Date'], ['PR-1', 'Gutschein', euDate(ahead(9))]] });
    expect((await upload(buf, { type: 'prisma' })).status).toBe(200);
    const [ev] = await t.db.select().from(events).where(eq(events.eid, 'PR-1'));
    expect(ev).toMatchObject({ category: 'product', hallId: null, capacity: 0, price: null });
  });
});

describe('invalid workbooks create nothing', () => {
  it('one bad row among good ones creates nothing and is listed with sheet, row, field and reason', async () => {
    const buf = await xlsx({ Events: [EN, row('OK-1', euDate(ahead(10))), row('BAD-1', euDate(ahead(10)), { capacity: -3 }), row('OK-2', euDate(ahead(11)))] });
    const body = await expectRefused(buf, 400, 'invalid_rows');
    expect(body.issues).toEqual([{ path: 'events.3.capacity.J', message: 'negativeError' }]);
    expect(await listed('Konzert OK-')).toEqual([]);
  });

  it('lists every error kind of every sheet', async () => {
    const buf = await xlsx({
      Events: [
        EN,
        row('E-1', euDate(ahead(1))),
        row('E-1', euDate(ahead(10)), { time: '19:10', price: 'free' }),
        row('E-3', 'someday', { title: '', category: 'circus', capacity: 1.5 }),
        ['E-4', 'x', 'opera', euDate(ahead(10)), '20:00', 10, 'C'.repeat(35), 'V', 'H', 10],
        ['E-5', { formula: '1+1' }, 'opera', euDate(ahead(10)), 'noon', 10, 'Köln', 'V', 'H', 10],
      ],
      'Lineup Artists': [['Event Identifier', 'Artist Name', 'Role/Type'], ['E-4', 'A', 'magician'], ['NOPE', 'B', 'choir'], ['E-4', '', 'choir']],
      'Setlist Works': [['Event Identifier', 'Composer', 'Work Title'], ['E-4', '', 'Werk']],
    });
    const body = await expectRefused(buf, 400, 'invalid_rows');
    expect(body.error_subcode).toBe(String(body.issues!.length));
    expect(body.issues!.map((i) => `${i.path}:${i.message}`).sort()).toEqual(
      [
        'events.2.date.D:tooEarly',
        'events.3.identifier.A:duplicateIdentifier',
        'events.3.time.E:timeStep',
        'events.3.price.F:notANumber',
        'events.4.title.B:required',
        'events.4.category.C:badCategory',
        'events.4.date.D:badDate',
        'events.4.capacity.J:decimalError',
        'events.5.city.G:tooLong',
        'events.6.title.B:formula',
        'events.6.time.E:badTime',
        'lineups.2.role.C:badRole',
        'lineups.3.identifier.A:unknownIdentifier',
        'lineups.4.artist.B:required',
        'setlists.2.composer.B:required',
      ].sort(),
    );
  });

  it('refuses a workbook without event rows, a non-spreadsheet and a missing file', async () => {
    await expectRefused(await xlsx({ Events: [EN] }), 400, 'empty_file');
    const noSheet = await expectRefused(await xlsx({ Tabelle1: [['a']] }), 400, 'invalid_rows');
    expect(noSheet.issues).toEqual([{ path: 'events.0..', message: 'missingSheet' }]);
    const txt = await expectRefused(Buffer.from('identifier,title\nA,B\n'), 400, 'invalid_file_format');
    expect(txt.error_subcode).toBe('invalid_file_type');
    const res = await api.request('/api/v3/events/bulk_upload?event_type=fdlive', { method: 'POST', token: admin, body: new FormData() });
    expect((await errorOf(res)).error_code).toBe('error.bulk_upload.empty_file');
  });

  it('refuses an identifier that is already in use (the same workbook twice)', async () => {
    const buf = await xlsx({ Events: [EN, row('TWICE-1', euDate(ahead(12)))] });
    expect((await upload(buf)).status).toBe(200);
    const body = await expectRefused(buf, 400, 'invalid_rows');
    expect(body.issues).toEqual([{ path: 'events.2.identifier.A', message: 'identifierExists' }]);
  });
});

// Security hardening: rows the database could not hold (they were 500s) are listed per cell like
// every other bad row, and nothing is created.
describe('out-of-range and unstorable cells', () => {
  it('lists capacity above int4 and the venue limit, prices of 1e39 and 1e-320, and NUL text per cell', async () => {
    const d = euDate(ahead(12));
    const buf = await xlsx({
      Events: [
        EN,
        row('R-1', d, { capacity: 2_147_483_648 }),
        row('R-2', d, { capacity: 1_000_001 }),
        row('R-3', d, { price: 1e39 }),
        row('R-4', d, { price: 1e-320 }),
        row('R-5', d, { price: 12.345 }),
        // OOXML escapes NUL as _x0000_; the reader decodes it back to NUL.
        row('R-6', d, { title: 'Gala_x0000_' }),
        row('R-7', d),
      ],
      'Lineup Artists': [['Event Identifier', 'Artist Name', 'Role/Type'], ['R-7', 'Chor_x0000_', 'choir']],
      'Setlist Works': [['Event Identifier', 'Composer', 'Work Title'], ['R-7', 'Bach', 'Messe_x0000_']],
    });
    const body = await expectRefused(buf, 400, 'invalid_rows');
    expect(body.issues!.map((i) => `${i.path}:${i.message}`).sort()).toEqual(
      [
        'events.2.capacity.J:capacityTooLarge',
        'events.3.capacity.J:capacityTooLarge',
        'events.4.price.F:priceTooLarge',
        'events.5.price.F:priceDecimals',
        'events.6.price.F:priceDecimals',
        'events.7.title.B:badText',
        'lineups.2.artist.B:badText',
        'setlists.2.work.C:badText',
      ].sort(),
    );
  });

  it('creates events at the limits (capacity 1,000,000, price 999,999.99)', async () => {
    const res = await upload(await xlsx({ Events: [EN, row('MAX-1', euDate(ahead(13)), { capacity: 1_000_000, price: 999_999.99 })] }));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    const details = await (await api.request(`/api/v3/events/${body.ids[0]}/details`, { token: admin })).json();
    expect(details).toMatchObject({ capacity: 1_000_000, price: 999_999.99 });
  });
});

describe('hostile workbooks', () => {
  it('a zip bomb is refused before it is inflated', async () => {
    const bomb = rawXlsx(Buffer.alloc(200 * 1024 * 1024, 0x20));
    const body = await expectRefused(bomb, 400, 'invalid_workbook');
    expect(body.error_subcode).toBe('uncompressed_too_large');
  });

  it('1,000,000 rows are refused', async () => {
    const body = await expectRefused(rawXlsx(manyRowsXml(1_000_000)), 400, 'invalid_workbook');
    expect(body.error_subcode).toBe('too_many_rows');
  });

  it('__proto__ and constructor headers are unknown columns, not object keys', async () => {
    const body = await expectRefused(await xlsx({ Events: [[...EN, '__proto__', 'constructor'], [...row('P-1', euDate(ahead(10))), 'x', 'y']] }), 400, 'invalid_rows');
    expect(body.issues).toEqual([
      { path: 'events.1..K', message: 'unknownColumn' },
      { path: 'events.1..L', message: 'unknownColumn' },
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('formulas and formula-like text are refused; wrong cell types are named', async () => {
    const buf = await xlsx({
      Events: [
        EN,
        ['F-1', '=HYPERLINK("http://evil","x")', 'opera', euDate(ahead(10)), '20:00', { formula: 'A1*2' }, 'Köln', 'V', 'H', 10],
        ['F-2', 'ok', 'opera', true, '20:00', 10, 'Köln', 'V', 'H', new Date()],
      ],
    });
    const body = await expectRefused(buf, 400, 'invalid_rows');
    expect(body.issues!.map((i) => `${i.path}:${i.message}`)).toEqual(['events.2.title.B:formula', 'events.2.price.F:formula', 'events.3.date.D:badDate', 'events.3.capacity.J:notANumber']);
  });

  it('a corrupt zip is an invalid file', async () => {
    const body = await expectRefused(zip([{ name: 'xl/workbook.xml', data: 'not xml' }]), 400, 'invalid_file_format');
    expect(body.error_subcode).toBe('unreadable');
  });
});

describe('permissions, flag and partner scope', () => {
  it('needs the simulation permission', async () => {
    const res = await upload(await xlsx({ Events: [EN, row('AN-1', euDate(ahead(10)))] }), { token: analyst });
    expect(res.status).toBe(403);
    expect((await t.db.select().from(events).where(eq(events.eid, 'AN-1'))).length).toBe(0);
  });

  it('is refused while the feature flag is off', async () => {
    await t.db.update(featureFlags).set({ enabled: false }).where(and(eq(featureFlags.partnerId, 1001), eq(featureFlags.name, 'events.bulk-upload')));
    try {
      const res = await upload(await xlsx({ Events: [EN, row('FL-1', euDate(ahead(10)))] }));
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error_subcode).toBe('events.bulk-upload');
      expect((await t.db.select().from(events).where(eq(events.eid, 'FL-1'))).length).toBe(0);
    } finally {
      await t.db.update(featureFlags).set({ enabled: true }).where(and(eq(featureFlags.partnerId, 1001), eq(featureFlags.name, 'events.bulk-upload')));
    }
  });

  it("another partner does not see the created events", async () => {
    expect((await listed('Konzert DE-')).length).toBe(2);
    expect(await listed('Konzert DE-', prisma)).toEqual([]);
  });
});

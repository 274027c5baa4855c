// spec 3 §2, §5, §7: manual sales summary (POST /ingest/transaction_summary), the sales export
// (GET /daily_revenue_summary/sales_edit_export) and the adjustment import (POST same path):
// validation, another partner's ids, missing permission, formula escaping and the round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/db/seed/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { events, permissions, tasks, users } from '../../src/server/db/schema';
import { fileForm, xlsx } from '../helpers/workbooks';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  // Titles a spreadsheet would run as formulas.
  const [tpl] = await t.db.select().from(events).where(eq(events.id, 'e1001-00003'));
  await t.db.insert(events).values([
    { ...tpl!, id: 'e1001-inj-1', eid: 'INJ1', title: '=HYPERLINK("http://evil","x")' },
    { ...tpl!, id: 'e1001-inj-2', eid: 'INJ2', title: '@SUM(A1)' },
    { ...tpl!, id: 'e1001-inj-3', eid: 'INJ3', title: '+1-1' },
    { ...tpl!, id: 'e1001-inj-4', eid: 'INJ4', title: '-2+3' },
  ]);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
});
afterAll(() => t.close());

const post = (json: unknown, token = admin) => api.request('/api/v3/ingest/transaction_summary', { method: 'POST', token, json });
const totals = async (eventId: string) =>
  ((await t.db.execute(
    sql`select coalesce(sum(quantity),0)::int as tickets, coalesce(sum(amount_minor),0)::int as minor, count(*)::int as n from ticket_transactions where event_id = ${eventId}`,
  )) as unknown as { rows: { tickets: number; minor: number; n: number }[] }).rows[0]!;

describe('POST /ingest/transaction_summary', () => {
  it('records the summary as manual sales on the end date and enqueues the recompute', async () => {
    const before = await totals('e1001-00002');
    const res = await post({
      event_id: 'e1001-00002',
      start_date: daysAgo(10),
      end_date: daysAgo(3),
      ticket_types: { regular: { count: 12, revenue: 480 }, 'regular discount': { count: 3, revenue: 90.5 }, free: { count: 2, revenue: 0 } },
    });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, event_id: 'e1001-00002', transactions: 3, tickets: 17, revenue: 570.5 });
    const [task] = await t.db.select().from(tasks).where(eq(tasks.id, body.recompute_task_id));
    expect(task?.kind).toBe('forecast.recompute');
    const after = await totals('e1001-00002');
    expect(after.tickets - before.tickets).toBe(17);
    expect(after.minor - before.minor).toBe(57_050);
    const summary = await (await api.request('/api/v3/daily_revenue_summary/?event_id=e1001-00002', { token: admin })).json();
    expect(summary.manual_adjustments).toEqual([
      { date: daysAgo(3), revenue: { total: 570.5, parts: { free: 0, regular: 480, regular_discount: 90.5 } }, number_of_tickets: { total: 17, parts: { free: 2, regular: 12, regular_discount: 3 } } },
    ]);
  });

  it('accepts end = today for a future event and end = the event day for a past one', async () => {
    expect((await post({ event_id: 'e1001-00001', start_date: today(), end_date: today(), ticket_types: { discount: { count: 1, revenue: 0 } } })).status).toBe(200);
    expect((await post({ event_id: 'e1001-00006', start_date: daysAgo(105), end_date: daysAgo(100), ticket_types: { cancelled: { count: 1, revenue: 0 } } })).status).toBe(200);
  });

  it.each([
    ['tickets below 1', { ticket_types: { regular: { count: 0, revenue: 1 } } }],
    ['fractional tickets', { ticket_types: { regular: { count: 1.5, revenue: 1 } } }],
    ['negative revenue', { ticket_types: { regular: { count: 1, revenue: -1 } } }],
    ['no ticket types', { ticket_types: {} }],
    ['an unknown ticket type', { ticket_types: { vip: { count: 1, revenue: 1 } } }],
    ['a missing start date', { start_date: undefined }],
    ['a missing end date', { end_date: undefined }],
    ['a non-date', { start_date: '03.01.2026' }],
    ['an impossible day', { end_date: '2025-02-30' }],
    ['end before start', { start_date: daysAgo(2), end_date: daysAgo(5) }],
    ['an unknown field', { extra: 1 }],
  ])('refuses %s with error.validation.invalid and writes nothing', async (_name, patch) => {
    const before = await totals('e1001-00003');
    const res = await post({ event_id: 'e1001-00003', start_date: daysAgo(5), end_date: daysAgo(2), ticket_types: { regular: { count: 1, revenue: 1 } }, ...patch });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    expect(await totals('e1001-00003')).toEqual(before);
  });

  it('refuses an end date after today or after the event (invalid_date_range)', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    let res = await post({ event_id: 'e1001-00001', start_date: today(), end_date: tomorrow, ticket_types: { regular: { count: 1, revenue: 1 } } });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({ error_code: 'error.sales_edit.invalid_date_range', error_subcode: 'end_date' });
    res = await post({ event_id: 'e1001-00006', start_date: daysAgo(100), end_date: daysAgo(99), ticket_types: { regular: { count: 1, revenue: 1 } } });
    expect((await errorOf(res)).error_code).toBe('error.sales_edit.invalid_date_range');
  });

  it("answers 404 for another partner's or an unknown event", async () => {
    for (const id of ['e1002-00001', 'nope']) {
      const res = await post({ event_id: id, start_date: daysAgo(5), end_date: daysAgo(2), ticket_types: { regular: { count: 1, revenue: 1 } } });
      expect(res.status).toBe(404);
    }
    expect((await totals('e1002-00001')).tickets).toBe(40);
  });
});

async function exportWorkbook(query = '', token = admin) {
  const res = await api.request(`/api/v3/daily_revenue_summary/sales_edit_export${query}`, { token });
  expect(res.status, res.status === 200 ? '' : await res.clone().text()).toBe(200);
  expect(res.headers.get('content-type')).toContain('spreadsheetml');
  expect(res.headers.get('content-disposition')).toContain('exported-data.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
  return wb;
}
const importFile = (buf: Buffer, token = admin) => api.request('/api/v3/daily_revenue_summary/sales_edit_export', { method: 'POST', token, body: fileForm(buf) });

describe('GET /daily_revenue_summary/sales_edit_export', () => {
  it('lays out one row per event and day with tickets and revenue per ticket type, in the asked date format', async () => {
    const wb = await exportWorkbook('?q=Beethoven&date_format=dd.mm.yyyy&currency=EUR');
    const ws = wb.getWorksheet('Sales')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 6)).toEqual(['Event ID', 'Event', 'Event date', 'Date', 'subscription tickets', 'subscription revenue']);
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    expect(new Set(rows.map((r) => r[1]))).toEqual(new Set(['e1001-00001', 'e1001-00002']));
    const ev1 = rows.filter((r) => r[1] === 'e1001-00001');
    const col = (name: string) => header.indexOf(name) + 1;
    expect(ev1.reduce((s, r) => s + Number(r[col('regular tickets')] ?? 0), 0)).toBeGreaterThanOrEqual(130);
    expect(ws.getCell(2, 4).numFmt).toBe('dd.mm.yyyy');
    expect(wb.getWorksheet('Instructions')).toBeDefined();
  });

  it('escapes values a spreadsheet would run as formulas', async () => {
    const wb = await exportWorkbook('?q=INJ&date_format=mm/dd/yyyy');
    const ws = wb.getWorksheet('Sales')!;
    const titles: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) titles.push(row.getCell(2).value);
      row.eachCell((c) => expect(c.formula).toBeUndefined());
    });
    expect(titles.sort()).toEqual(["'+1-1", "'-2+3", "'=HYPERLINK(\"http://evil\",\"x\")", "'@SUM(A1)"]);
  });

  it('exports only the partner’s events and needs sales', async () => {
    const prisma = (await api.signIn('prisma@encore.demo')).token;
    const res = await api.request('/api/v3/daily_revenue_summary/sales_edit_export', { token: prisma });
    if (res.status === 200) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const ids = (wb.getWorksheet('Sales')!.getSheetValues().slice(2) as unknown[][]).map((r) => r[1]);
      expect(ids.every((id) => String(id).startsWith('e1002'))).toBe(true);
    } else expect(res.status).toBe(403);
    const bad = await api.request('/api/v3/daily_revenue_summary/sales_edit_export?date_format=yyyy', { token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('POST /daily_revenue_summary/sales_edit_export', () => {
  it('round trip: an edited export changes the event’s totals by the difference; the same file again changes nothing', async () => {
    const wb = await exportWorkbook('?q=Beethoven');
    const ws = wb.getWorksheet('Sales')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const col = (name: string) => header.indexOf(name) + 1;
    let target = 0;
    ws.eachRow((row, n) => {
      if (n > 1 && !target && row.getCell(1).value === 'e1001-00001' && Number(row.getCell(col('regular tickets')).value) === 100) target = n;
    });
    expect(target).toBeGreaterThan(0);
    const row = ws.getRow(target);
    row.getCell(col('regular tickets')).value = 105;
    row.getCell(col('regular revenue')).value = 5250;
    // A new day for an event without sales.
    ws.addRow(['e1001-00003', 'x', null, new Date(`${daysAgo(4)}T00:00:00Z`), 0, 0, 2, 80]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const before1 = await totals('e1001-00001');
    const before3 = await totals('e1001-00003');
    const res = await importFile(buf);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, events: 2, adjustments: 2 });
    expect(body.recompute_task_id).toEqual(expect.any(String));
    const after1 = await totals('e1001-00001');
    expect(after1.tickets - before1.tickets).toBe(5);
    expect(after1.minor - before1.minor).toBe(25_000);
    expect((await totals('e1001-00003')).tickets - before3.tickets).toBe(2);
    const again = await importFile(buf);
    expect(await again.json()).toMatchObject({ success: true, adjustments: 0 });
    expect(await totals('e1001-00001')).toEqual(after1);
  });

  it('refuses bad files with error.sales_edit codes and changes nothing', async () => {
    const H = ['Event ID', 'Event', 'Event date', 'Date', 'regular tickets', 'regular revenue'];
    const d = new Date(`${daysAgo(3)}T00:00:00Z`);
    const cases: [Buffer, number, string, string?][] = [
      [Buffer.from('not a spreadsheet'), 400, 'invalid_file_type'],
      [await xlsx({ Sales: [H] }), 400, 'empty_file'],
      [await xlsx({ Sales: [['Event', 'Day'], ['x', d]] }), 400, 'invalid_schema', 'Sales!A1'],
      [await xlsx({ Sales: [H, ['e1002-00001', 'other partner', null, d, 1, 1]] }), 400, 'unknown_event', 'Sales!A2'],
      [await xlsx({ Sales: [H, ['e1001-00001', '', null, 'soon', 1, 1]] }), 400, 'invalid_transaction_date', 'Sales!D2'],
      [await xlsx({ Sales: [H, ['e1001-00001', '', null, d, -3, 1]] }), 400, 'invalid_transaction_count', 'Sales!E2'],
      [await xlsx({ Sales: [H, ['e1001-00001', '', null, d, 3, 'lots']] }), 400, 'invalid_total_revenue', 'Sales!F2'],
      [await xlsx({ Sales: [H, ['e1001-00001', '', null, d, 3, 1], ['e1001-00001', '', null, d, 4, 1]] }), 400, 'duplicate_row', 'Sales!D3'],
      [await xlsx({ Sales: [H, ['e1001-00003', '', null, new Date(Date.now() + 3 * 86_400_000), 3, 1]] }), 400, 'invalid_transaction_date'],
      // A valid row before a bad one: nothing of the file is applied.
      [await xlsx({ Sales: [H, ['e1001-00003', '', null, d, 9, 9], ['nope', '', null, d, 1, 1]] }), 400, 'unknown_event', 'Sales!A3'],
    ];
    const before = [await totals('e1001-00001'), await totals('e1001-00003'), await totals('e1002-00001')];
    for (const [buf, status, code, subcode] of cases) {
      const res = await importFile(buf);
      const body = await errorOf(res);
      expect(res.status, code).toBe(status);
      expect(body.error_code, JSON.stringify(body)).toBe(`error.sales_edit.${code}`);
      if (subcode) expect(body.error_subcode).toBe(subcode);
    }
    const missing = await api.request('/api/v3/daily_revenue_summary/sales_edit_export', { method: 'POST', token: admin, body: new FormData() });
    expect((await errorOf(missing)).error_code).toBe('error.sales_edit.empty_file');
    expect([await totals('e1001-00001'), await totals('e1001-00003'), await totals('e1002-00001')]).toEqual(before);
  });

  it('handles prototype keys as headers safely', async () => {
    const buf = await xlsx({ Sales: [['__proto__', 'constructor', 'Event ID', 'Date', 'regular tickets'], ['{"x":1}', 'y', 'e1001-00003', new Date(`${daysAgo(4)}T00:00:00Z`), 2]] });
    const res = await importFile(buf);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ adjustments: 0 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('without the sales permission', () => {
  it('refuses manual sales, export and import with 403', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@encore.demo'));
    // The analyst has sales: first prove the calls work, then take it away.
    expect((await api.request('/api/v3/daily_revenue_summary/sales_edit_export', { token })).status).toBe(200);
    await t.db.update(permissions).set({ isEnabled: false }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'sales')));
    try {
      const calls = [
        await post({ event_id: 'e1001-00003', start_date: daysAgo(5), end_date: daysAgo(2), ticket_types: { regular: { count: 1, revenue: 1 } } }, token),
        await api.request('/api/v3/daily_revenue_summary/sales_edit_export', { token }),
        await importFile(await xlsx({ Sales: [['Event ID', 'Date'], ['e1001-00003', new Date()]] }), token),
      ];
      for (const res of calls) {
        expect(res.status).toBe(403);
        expect((await errorOf(res)).error_code).toBe('error.auth.forbidden');
      }
      // Lookout reads still work.
      expect((await api.request('/api/v3/daily_revenue_summary/?event_id=e1001-00003', { token })).status).toBe(200);
    } finally {
      await t.db.update(permissions).set({ isEnabled: true }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'sales')));
    }
  });
});

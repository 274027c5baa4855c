// spec 3 §2, §5, §7: manual sales summary (POST /ingest/transaction_summary), the sales export
// (GET /daily_revenue_summary/sales_edit_export) and the adjustment import (POST same path):
// validation, another partner's ids, missing permission, formula escaping and the round trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { events, permissions, tasks, ticketTransactions, users } from '../../src/server/db/schema';
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
// amount_minor is bigint: its sum comes back as a string from pg, so it is read as a number here.
const totals = async (eventId: string) => {
  const r = ((await t.db.execute(
    sql`select coalesce(sum(quantity),0)::int as tickets, coalesce(sum(amount_minor),0)::bigint as minor, count(*)::int as n from ticket_transactions where event_id = ${eventId}`,
  )) as unknown as { rows: { tickets: number; minor: string | number; n: number }[] }).rows[0]!;
  return { tickets: r.tickets, minor: Number(r.minor), n: r.n };
};

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

// Security hardening: values the database cannot hold are 400s (they were 500s), and revenue a
// large event really takes (above int4's 21,474,836.47 in minor units) is stored and read back.
describe('values the database could not hold', () => {
  const summary = (patch: Record<string, unknown>) => ({
    event_id: 'e1001-00004', start_date: daysAgo(5), end_date: daysAgo(2), ticket_types: { regular: { count: 1, revenue: 1 } }, ...patch,
  });

  it('records revenue above 21 million exactly and every reader gets numbers', async () => {
    const res = await post(summary({ end_date: daysAgo(1), ticket_types: { regular: { count: 60_000, revenue: 25_000_000.55 } } }));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ tickets: 60_000, revenue: 25_000_000.55 });
    // drizzle's bigint column in mode 'number' (pg returns int8 as a string without it).
    const [row] = await t.db
      .select({ minor: ticketTransactions.amountMinor })
      .from(ticketTransactions)
      .where(and(eq(ticketTransactions.eventId, 'e1001-00004'), eq(ticketTransactions.amountMinor, 2_500_000_055)));
    expect(row?.minor).toBe(2_500_000_055);
    // Raw sum() readers: the daily summary and the export.
    const daily = await (await api.request('/api/v3/daily_revenue_summary/?event_id=e1001-00004', { token: admin })).json();
    const day = daily.manual_adjustments.find((d: { date: string }) => d.date === daysAgo(1));
    expect(day.revenue).toEqual({ total: 25_000_000.55, parts: { regular: 25_000_000.55 } });
    const ws = (await exportWorkbook('?q=Rock')).getWorksheet('Sales')!;
    const header = (ws.getRow(1).values as unknown[]).slice(1);
    const values: unknown[] = [];
    ws.eachRow((r, n) => {
      if (n > 1 && r.getCell(1).value === 'e1001-00004') values.push(r.getCell(header.indexOf('regular revenue') + 1).value);
    });
    expect(values).toContain(25_000_000.55);
  });

  it.each([
    ['revenue above the per-entry limit', { ticket_types: { regular: { count: 1, revenue: 1_000_000_000.01 } } }, 'ticket_types.regular.revenue'],
    ['revenue of 1e39', { ticket_types: { regular: { count: 1, revenue: 1e39 } } }, 'ticket_types.regular.revenue'],
    ['revenue with three decimals', { ticket_types: { regular: { count: 1, revenue: 10.555 } } }, 'ticket_types.regular.revenue'],
    ['revenue of 1e-320', { ticket_types: { regular: { count: 1, revenue: 1e-320 } } }, 'ticket_types.regular.revenue'],
    ['tickets above the per-entry limit', { ticket_types: { regular: { count: 1_000_001, revenue: 1 } } }, 'ticket_types.regular.count'],
    ['tickets of 2^31', { ticket_types: { regular: { count: 2_147_483_648, revenue: 1 } } }, 'ticket_types.regular.count'],
    ['a NUL in the event id', { event_id: 'e1001-00004\u0000' }, 'event_id'],
    ['an unpaired surrogate in the event id', { event_id: '\ud800' }, 'event_id'],
    ['the impossible day 2027-13-45', { start_date: '2027-13-45' }, 'start_date'],
    ['the day 0000-00-00', { end_date: '0000-00-00' }, 'end_date'],
  ])('refuses %s with a 400 naming the field', async (_name, patch, path) => {
    const res = await post(summary(patch));
    expect(res.status).toBe(400);
    const body = await errorOf(res);
    expect(body.error_code).toBe('error.validation.invalid');
    expect(body.issues?.map((i) => i.path)).toContain(path);
  });

  it('refuses a NUL in the export query and the spreadsheet upload query with a 400', async () => {
    for (const path of ['/api/v3/daily_revenue_summary/sales_edit_export?q=%00', '/api/v3/daily_revenue_summary/sales_edit_export?city=%00', '/api/v3/daily_revenue_summary/?event_id=e1001-00004%00']) {
      const res = await api.request(path, { token: admin });
      expect(res.status, path).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
    const up = await api.request('/api/v3/ingest/transaction_summary/from_excel?eid=e1001-00004%00', { method: 'POST', token: admin, body: fileForm(await xlsx({ Sales: [['Date*', 'Tickets*', 'Revenue*'], [daysAgo(2), 1, 1]] })) });
    expect(up.status).toBe(400);
    expect((await errorOf(up)).error_code).toBe('error.validation.invalid');
  });

  it('imports adjustments above 21 million and refuses out-of-range cells as cell errors', async () => {
    const H = ['Event ID', 'Event', 'Event date', 'Date', 'regular tickets', 'regular revenue'];
    const d = new Date(`${daysAgo(6)}T00:00:00Z`);
    const before = await totals('e1001-00004');
    const ok = await importFile(await xlsx({ Sales: [H, ['e1001-00004', '', null, d, 40_000, 30_000_000]] }));
    expect(ok.status, await ok.clone().text()).toBe(200);
    const after = (await t.db.execute(sql`select coalesce(sum(amount_minor), 0)::bigint as minor from ticket_transactions where event_id = 'e1001-00004' and sold_at::date = ${daysAgo(6)}`)) as unknown as { rows: { minor: string | number }[] };
    expect(Number(after.rows[0]!.minor)).toBe(3_000_000_000);
    const cases: [unknown[], string, string][] = [
      [['e1001-00004', '', null, d, 1, 2e9], 'invalid_total_revenue', 'Sales!F2'],
      [['e1001-00004', '', null, d, 1, 1e39], 'invalid_total_revenue', 'Sales!F2'],
      [['e1001-00004', '', null, d, 2_147_483_648, 1], 'invalid_transaction_count', 'Sales!E2'],
      [['e1001-00004', '', null, d, 1_000_001, 1], 'invalid_transaction_count', 'Sales!E2'],
      // OOXML escapes NUL as _x0000_; the reader decodes it back to NUL.
      [['e1001-00004_x0000_', '', null, d, 1, 1], 'unknown_event', 'Sales!A2'],
    ];
    for (const [row, code, cell] of cases) {
      const res = await importFile(await xlsx({ Sales: [H, row as never] }));
      expect(res.status, `${code} ${JSON.stringify(row)} ${await res.clone().text()}`).toBe(400);
      const body = await errorOf(res);
      expect(res.status, code).toBe(400);
      expect(body, JSON.stringify(row)).toMatchObject({ error_code: `error.sales_edit.${code}`, error_subcode: cell });
    }
    expect((await totals('e1001-00004')).n).toBe(before.n + 1);
  });
});

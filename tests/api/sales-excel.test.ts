// spec 3 §2 "Spreadsheet sales upload", §8 server codes: POST /ingest/transaction_summary/from_excel
// with every validation code, duplicate uploads, and hostile workbooks built here from code (zip
// bomb, a million rows, prototype keys as headers, formulas, wrong types). A refused file changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { permissions, users } from '../../src/server/db/schema';
import { fileForm, manyRowsXml, rawXlsx, xlsx, zip, type Cells } from '../helpers/workbooks';
import { salesTemplate } from '../../src/server/modules/sales/template';
import ExcelJS from 'exceljs';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;

const EVENT = 'e1001-00006'; // 100 days ago: sales may be dated up to its day
const HEADER: Cells = ['Date*', 'Tickets*', 'Revenue*', 'Ticket Type'];
const daysAgo = (n: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - n));
const iso = (d: Date) => d.toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
});
afterAll(() => t.close());

const upload = (buf: Buffer, eid = EVENT, token = admin, name = 'sales.xlsx') =>
  api.request(`/api/v3/ingest/transaction_summary/from_excel?eid=${encodeURIComponent(eid)}`, { method: 'POST', token, body: fileForm(buf, name) });

const manualRows = async (eventId = EVENT) =>
  (await t.db.execute(sql`select count(*)::int as n, coalesce(sum(quantity),0)::int as q from ticket_transactions where event_id = ${eventId} and source = 'manual'`)) as unknown as { rows: { n: number; q: number }[] };

async function expectRefused(buf: Buffer, status: number, code: string, subcode?: string) {
  const before = (await manualRows()).rows[0];
  const res = await upload(buf);
  const body = await errorOf(res);
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error_code).toBe(`error.upload_sales_from_excel.${code}`);
  if (subcode !== undefined) expect(body.error_subcode).toBe(subcode);
  expect((await manualRows()).rows[0]).toEqual(before);
  return body;
}

describe('a valid workbook', () => {
  it('imports every visible sheet, skips Instructions and hidden sheets, sums per day and type, and enqueues the recompute', async () => {
    const d1 = daysAgo(130);
    const d2 = daysAgo(120);
    const buf = await xlsx(
      {
        Sales: [HEADER, [d1, 10, 250.5, 'Regular'], [iso(d1), 5, 100, 'regular'], [d2, 3, 0, 'FREE'], [d2, 2, 60, 'regular discount']],
        March: [HEADER, [d2, 4, 80]],
        Instructions: [['anything here'], ['is', 'ignored']],
        Secret: [['not', 'a', 'sales', 'sheet']],
      },
      { hidden: ['Secret'] },
    );
    const res = await upload(buf);
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ success: true, event_id: EVENT, transactions: 4, tickets: 24, revenue: 490.5 });
    expect(body.recompute_task_id).toEqual(expect.any(String));
    const summary = await (await api.request(`/api/v3/daily_revenue_summary/?event_id=${EVENT}`, { token: admin })).json();
    const day1 = summary.manual_adjustments.find((f: { date: string }) => f.date === iso(d1));
    expect(day1.number_of_tickets.parts).toEqual({ regular: 15 });
    expect(day1.revenue.parts).toEqual({ regular: 350.5 });
    const day2 = summary.manual_adjustments.find((f: { date: string }) => f.date === iso(d2));
    expect(day2.number_of_tickets.parts).toEqual({ free: 3, regular_discount: 2, regular: 4 });
  });

  it('refuses the same data again (already_exist), even reordered, and changes nothing', async () => {
    const d1 = daysAgo(130);
    const d2 = daysAgo(120);
    const buf = await xlsx({ Sales: [HEADER, [d2, 4, 80, 'regular'], [d2, 2, 60, 'Regular Discount'], [d2, 3, 0, 'free'], [iso(d1), 15, 350.5, null]] });
    await expectRefused(buf, 409, 'already_exist');
  });

  it('reads the generated template filled in', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await salesTemplate()) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Sales', 'Instructions']);
    expect((wb.getWorksheet('Sales')!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    wb.getWorksheet('Sales')!.addRow([daysAgo(140), 7, 70, 'subscription']);
    const res = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tickets: 7, revenue: 70 });
  });
});

describe('validation codes (spec 3 §8) with the cell as subcode', () => {
  const d = daysAgo(150);
  it('invalid_ticket_type', async () => {
    const body = await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, 1, 'regular'], [d, 1, 1, 'VIP']] }), 400, 'invalid_ticket_type', 'Sales!D3');
    expect(body.issues).toEqual([{ path: 'Sales!D3', message: 'error.upload_sales_from_excel.invalid_ticket_type' }]);
  });
  it('invalid_transaction_date: not a date, an impossible day, after the event', async () => {
    await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, 1], ['yesterday', 1, 1]] }), 400, 'invalid_transaction_date', 'Sales!A3');
    await expectRefused(await xlsx({ Sales: [HEADER, ['2025-02-30', 1, 1]] }), 400, 'invalid_transaction_date', 'Sales!A2');
    await expectRefused(await xlsx({ Sales: [HEADER, [daysAgo(99), 1, 1]] }), 400, 'invalid_transaction_date', 'Sales!A2');
  });
  it('invalid_transaction_count: negative, fractional, text, boolean', async () => {
    for (const v of [-1, 1.5, 'many', true]) await expectRefused(await xlsx({ Sales: [HEADER, [d, v, 1]] }), 400, 'invalid_transaction_count', 'Sales!B2');
  });
  it('invalid_total_revenue: negative, text, a date', async () => {
    for (const v of [-0.01, '12,50 €', new Date()]) await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, v]] }), 400, 'invalid_total_revenue', 'Sales!C2');
  });
  it('lists every finding in issues', async () => {
    const body = await expectRefused(await xlsx({ Sales: [HEADER, [d, -1, -1, 'x'], ['?', 1, 1]] }), 400, 'invalid_transaction_count', 'Sales!B2');
    expect(body.issues!.map((i) => i.path)).toEqual(['Sales!B2', 'Sales!C2', 'Sales!D2', 'Sales!A3']);
  });
  it('required_fields_missing', async () => {
    await expectRefused(await xlsx({ Sales: [HEADER, [d, null, 5]] }), 400, 'required_fields_missing', 'Sales!B2');
  });
  it('empty_file: header only, nothing but zeros, and no file at all', async () => {
    await expectRefused(await xlsx({ Sales: [HEADER] }), 400, 'empty_file');
    await expectRefused(await xlsx({ Sales: [HEADER, [d, 0, 0]] }), 400, 'empty_file');
    const res = await api.request(`/api/v3/ingest/transaction_summary/from_excel?eid=${EVENT}`, { method: 'POST', token: admin, body: new FormData() });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).error_code).toBe('error.upload_sales_from_excel.empty_file');
  });
  it('invalid_schema: columns out of order or unknown', async () => {
    await expectRefused(await xlsx({ Sales: [['Tickets*', 'Date*', 'Revenue*'], [1, d, 1]] }), 400, 'invalid_schema', 'Sales!A1');
    await expectRefused(await xlsx({ Sales: [['Date*', 'Tickets*', 'Revenue*', 'Price'], [d, 1, 1, 3]] }), 400, 'invalid_schema', 'Sales!D1');
  });
  it('invalid_file_type: text, a renamed image, an unreadable zip', async () => {
    await expectRefused(Buffer.from('Date*,Tickets*,Revenue*\n2025-01-01,1,1\n'), 400, 'invalid_file_type', 'invalid_file_type');
    await expectRefused(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), 400, 'invalid_file_type');
    await expectRefused(zip([{ name: 'hello.txt', data: 'hi' }]), 400, 'invalid_file_type', 'unreadable');
  });
});

describe('hostile workbooks', () => {
  it('a zip bomb (a small file whose sheet inflates past 100 MB) is refused before parsing', async () => {
    const bomb = rawXlsx(Buffer.alloc(110 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    await expectRefused(bomb, 400, 'invalid_schema', 'uncompressed_too_large');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('1,000,000 rows are refused quickly (row limit), without building the workbook', async () => {
    const big = rawXlsx(manyRowsXml(1_000_000));
    const started = Date.now();
    await expectRefused(big, 400, 'invalid_schema', 'too_many_rows');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a file over 10 MB is refused with 413', async () => {
    const res = await upload(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(10 * 1024 * 1024 + 10)]));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).error_code).toBe('error.upload_sales_from_excel.file_too_large');
  });

  it('prototype keys as headers neither pollute objects nor pass as columns', async () => {
    const d = daysAgo(160);
    await expectRefused(await xlsx({ Sales: [['__proto__', 'constructor', 'Revenue*'], [d, 1, 1]] }), 400, 'invalid_schema', 'Sales!A1');
    const extra = await xlsx({ Sales: [[...HEADER, '__proto__', 'constructor', 'toString'], [d, 2, 20, 'discount', '{"polluted":1}', 'x', 'y']] });
    const res = await upload(extra);
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.toString).toBe(Object.prototype.toString);
  });

  it('formulas are read as their cached values; a formula without one is refused', async () => {
    const d = daysAgo(170);
    const ok = await xlsx({ Sales: [HEADER, [d, { formula: '1+2', result: 3 }, { formula: 'B2*10', result: 30 }, 'reserved']] });
    const res = await upload(ok);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ tickets: 3, revenue: 30 });
    await expectRefused(await xlsx({ Sales: [HEADER, [d, { formula: 'WEBSERVICE("http://x")' }, 1]] }), 400, 'invalid_transaction_count', 'Sales!B2');
    await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, { formula: '1/0', result: { error: '#DIV/0!' } }]] }), 400, 'invalid_total_revenue', 'Sales!C2');
  });

  it('an .xls file is read through the legacy reader', async () => {
    const XLSX = await import('@e965/xlsx');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([HEADER, [iso(daysAgo(180)), 6, 66, 'discount']]), 'Sales');
    const xls = XLSX.write(wb, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const res = await upload(xls, EVENT, admin, 'sales.xls');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ tickets: 6, revenue: 66 });
  });
});

describe('scope and permission', () => {
  it("another partner's event is not found; a missing eid is invalid", async () => {
    const buf = await xlsx({ Sales: [HEADER, [daysAgo(5), 1, 1]] });
    expect((await upload(buf, 'e1002-00001')).status).toBe(404);
    expect((await upload(buf, 'nope')).status).toBe(404);
    const res = await api.request('/api/v3/ingest/transaction_summary/from_excel', { method: 'POST', token: admin, body: fileForm(buf) });
    expect(res.status).toBe(400);
  });

  it('needs the sales permission', async () => {
    const { token } = await api.signIn('analyst@encore.demo');
    const [{ id: userId }] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'analyst@encore.demo'));
    await t.db.update(permissions).set({ isEnabled: false }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'sales')));
    try {
      const res = await upload(await xlsx({ Sales: [HEADER, [daysAgo(190), 1, 1]] }), EVENT, token);
      expect(res.status).toBe(403);
      expect((await errorOf(res)).error_code).toBe('error.auth.forbidden');
    } finally {
      await t.db.update(permissions).set({ isEnabled: true }).where(and(eq(permissions.userId, userId), eq(permissions.name, 'sales')));
    }
  });
});

// Security hardening: cells outside what the columns (and a venue) can hold are cell errors like
// any other bad cell (they were 500s), and revenue above int4's 21 million is stored.
describe('out-of-range cells', () => {
  const d = daysAgo(163);
  it('stores a day with more than 21 million in revenue and reads it back as a number', async () => {
    const res = await upload(await xlsx({ Sales: [HEADER, [d, 90_000, 27_500_000.25], [d, 10_000, 2_500_000]] }));
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ tickets: 100_000, revenue: 30_000_000.25 });
    const summary = await (await api.request(`/api/v3/daily_revenue_summary/?event_id=${EVENT}`, { token: admin })).json();
    expect(summary.manual_adjustments.find((f: { date: string }) => f.date === iso(d)).revenue.total).toBe(30_000_000.25);
  });
  it('invalid_total_revenue: above the per-entry limit, above int4, 1e39', async () => {
    for (const v of [1_000_000_000.01, 2e9, 1e39]) await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, v]] }), 400, 'invalid_total_revenue', 'Sales!C2');
  });
  it('invalid_transaction_count: above the per-entry limit and above int4', async () => {
    for (const v of [1_000_001, 2_147_483_648, 1e39]) await expectRefused(await xlsx({ Sales: [HEADER, [d, v, 1]] }), 400, 'invalid_transaction_count', 'Sales!B2');
  });
  it('rows of one day and type that add up past the limits are refused at the row that passes them', async () => {
    const many = Array.from({ length: 3 }, () => [d, 600_000, 1] as Cells);
    await expectRefused(await xlsx({ Sales: [HEADER, ...many] }), 400, 'invalid_transaction_count', 'Sales!B3');
    const rich = Array.from({ length: 3 }, () => [d, 1, 600_000_000] as Cells);
    await expectRefused(await xlsx({ Sales: [HEADER, ...rich] }), 400, 'invalid_total_revenue', 'Sales!C3');
  });
  it('a NUL (_x0000_ in the file) in a ticket type is an invalid ticket type, not a database error', async () => {
    await expectRefused(await xlsx({ Sales: [HEADER, [d, 1, 1, 'regular_x0000_']] }), 400, 'invalid_ticket_type', 'Sales!D2');
  });
});

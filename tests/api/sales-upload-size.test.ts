// Issue 5: a spreadsheet over 10 MB gets the specific "file too large" code on both upload calls,
// whether the body limit stops it before the handler or the reader refuses it, and a file of
// exactly 10 MB is not refused for its size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { fileForm } from '../helpers/workbooks';
import { SPREADSHEET_MAX_BYTES } from '../../src/lib/contracts/sales';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;

beforeAll(async () => {
  t = await createTestDb();
  await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
});
afterAll(() => t.close());

/** A zip-looking file of the given size: only its size should matter to these checks. */
const fileOf = (bytes: number) => Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(bytes - 4)]);

const CALLS = [
  { name: 'spreadsheet sales upload', path: '/api/v3/ingest/transaction_summary/from_excel?eid=e1001-00006', code: 'error.upload_sales_from_excel' },
  { name: 'adjustment import', path: '/api/v3/daily_revenue_summary/sales_edit_export', code: 'error.sales_edit' },
];

describe.each(CALLS)('$name', ({ path, code }) => {
  const send = (buf: Buffer) => api.request(path, { method: 'POST', token: admin, body: fileForm(buf, 'sales.xlsx') });

  it('refuses 10 MB + 1 byte as too large (reader)', async () => {
    const res = await send(fileOf(SPREADSHEET_MAX_BYTES + 1));
    const body = await errorOf(res);
    expect(res.status, JSON.stringify(body)).toBe(413);
    expect(body.error_code).toBe(`${code}.file_too_large`);
    expect(body.error_subcode).toBe('too_large');
  });

  it('refuses a body well over the limit with the same code (body limit, before the handler)', async () => {
    const res = await send(fileOf(SPREADSHEET_MAX_BYTES + 512 * 1024));
    const body = await errorOf(res);
    expect(res.status).toBe(413);
    expect(body.error_code).toBe(`${code}.file_too_large`);
  });

  it('does not refuse exactly 10 MB for its size', async () => {
    const res = await send(fileOf(SPREADSHEET_MAX_BYTES));
    const body = await errorOf(res);
    expect(res.status).toBe(400);
    expect(body.error_code).toBe(`${code}.invalid_file_type`);
  });
});

// The last net of src/server/api/errors.ts: a value PostgreSQL refuses (SQLSTATE class 22 data
// exceptions, 54000 program limit) is bad input no contract rule caught. It answers 400
// error.request.invalid with a generic message (never the SQL) and is logged as an input-
// validation gap. Real errors of the driver in use (PGlite here, pg in the PostgreSQL pass),
// as drizzle wraps them, plus the shapes both drivers use.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Hono } from 'hono';
import { sql, type SQL } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { handleError, isPgDataException, pgErrorCode } from '../../src/server/api/errors';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.execute(sql`create table net_probe (n int4, r real, s varchar(2))`);
}, 60_000);
afterAll(() => t.close());

/** An app whose one route runs `query` and lets handleError answer what it throws. */
function appRunning(query: () => SQL | Promise<unknown>) {
  const app = new Hono();
  app.onError(handleError);
  app.get('/x', async (c) => {
    const q = query();
    if (q instanceof Promise) await q;
    else await t.db.execute(q);
    return c.json({ ok: true });
  });
  return app;
}

async function answer(query: () => SQL | Promise<unknown>) {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    const res = await appRunning(query).request('/x');
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, log: logged.mock.calls.flat().map(String).join(' ') };
  } finally {
    logged.mockRestore();
  }
}

describe('database data exceptions are 400 error.request.invalid', () => {
  it.each([
    ['NUL in text (22021)', () => sql`select ${'a\u0000b'}::text`],
    ['an int4 out of range (22003)', () => sql`select ${'2147483648'}::int`],
    ['a float4 out of range (22003)', () => sql`select ${'1e39'}::real`],
    ['a float4 underflow (22003)', () => sql`select ${'1e-320'}::real`],
    ['an impossible date (22008)', () => sql`select ${'2027-13-45'}::date`],
    ['not a number (22P02)', () => sql`select ${'many'}::int`],
    ['an unpaired surrogate in json (22P02/22P05)', () => sql`select ${'{"a":"\\ud800"}'}::jsonb`],
    ['a value too long for its column (22001)', () => sql`insert into net_probe (s) values (${'abcd'})`],
    ['division by zero (22012)', () => sql`select 1 / ${0}::int`],
  ])('%s', async (_name, query) => {
    const { status, body, log } = await answer(query);
    expect(status).toBe(400);
    expect(body).toEqual({ error_code: 'error.request.invalid', message: 'The request contains a value that cannot be stored.' });
    expect(JSON.stringify(body)).not.toMatch(/select|syntax|range|::/i);
    expect(log).toContain('input-validation gap');
  });

  it('the same from a drizzle insert of a row (the error arrives wrapped, the code on its cause)', async () => {
    const { status, body } = await answer(() => sql`insert into net_probe (n) values (${2 ** 31})`);
    expect(status).toBe(400);
    expect(body.error_code).toBe('error.request.invalid');
  });

  it('leaves other database failures 500 error.server.internal (they are not bad input)', async () => {
    for (const query of [() => sql`select * from no_such_table_here`, () => sql`select no_such_function()`]) {
      const { status, body } = await answer(query);
      expect(status).toBe(500);
      expect(body).toEqual({ error_code: 'error.server.internal', message: expect.any(String) });
      expect(JSON.stringify(body)).not.toContain('no_such');
    }
  });
});

describe('pgErrorCode and isPgDataException', () => {
  it('finds the SQLSTATE on the error or on its causes, as pg, PGlite and drizzle put it', () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' });
    expect(pgErrorCode(pgError)).toBe('22021');
    expect(pgErrorCode(new Error('Failed query: insert …', { cause: pgError }))).toBe('22021');
    expect(pgErrorCode(new Error('outer', { cause: new Error('middle', { cause: { code: '54000' } }) }))).toBe('54000');
    expect(pgErrorCode(new Error('plain'))).toBeUndefined();
    expect(pgErrorCode({ code: 'error.common.notFound' })).toBeUndefined();
  });

  it('maps class 22 and 54000, nothing else', () => {
    for (const code of ['22000', '22001', '22003', '22007', '22008', '22012', '22021', '22P02', '22P05', '2200B', '54000']) expect(isPgDataException(code), code).toBe(true);
    for (const code of ['23505', '23503', '42P01', '40001', '57014', '53100', '08006', 'EPIPE', undefined]) expect(isPgDataException(code), String(code)).toBe(false);
  });
});

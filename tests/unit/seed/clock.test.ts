// The demo seed follows the server clock (ENCORE_NOW moves it): the catalogue, its sales, the
// forecasts and the notifications are laid out around the clock's day, not the machine's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../../helpers/db';
import { rows } from '../../../src/server/db/client';
import { seedIfEmpty, startOfTodayUtc } from '../../../src/server/demo/index';
import { setClock } from '../../../src/server/lib/clock';

const DAY = 86_400_000;
// Far from any real day the tests run on, so a seed of the machine's day would fail every check.
const CLOCK = Date.parse('2031-07-04T09:30:00Z');

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  const started = Date.now();
  setClock(() => CLOCK + (Date.now() - started));
  await seedIfEmpty(t.db);
}, 180_000);
afterAll(async () => {
  setClock();
  await t.close();
});

describe('seed on a moved clock', () => {
  it('starts its day at the clock’s day', () => {
    expect(startOfTodayUtc().toISOString()).toBe('2031-07-04T00:00:00.000Z');
  });

  it('lays the catalogue out around the clock’s day and sells nothing after it', async () => {
    const [e] = await rows<{ upcoming: number; past: number; first: string; last: string }>(
      t.db,
      sql`select count(*) filter (where start_date_time > ${new Date(CLOCK).toISOString()}::timestamptz)::int as upcoming,
                 count(*) filter (where start_date_time <= ${new Date(CLOCK).toISOString()}::timestamptz)::int as past,
                 min(start_date_time)::text as first, max(start_date_time)::text as last
          from events where partner_id = 1001 and category <> 'product'`,
    );
    expect(e.upcoming).toBeGreaterThan(100);
    expect(e.past).toBeGreaterThan(100);
    expect(Date.parse(e.first)).toBeGreaterThan(CLOCK - 4 * 365 * DAY);
    expect(Date.parse(e.last)).toBeLessThan(CLOCK + 3 * 365 * DAY);
    const [s] = await rows<{ latest: string }>(t.db, sql`select max(sold_at)::text as latest from ticket_transactions`);
    expect(Date.parse(s.latest)).toBeLessThanOrEqual(CLOCK + 60_000);
    expect(Date.parse(s.latest)).toBeGreaterThan(CLOCK - 7 * DAY);
  });

  it('computes the forecasts as of the clock and dates the notifications before it', async () => {
    const [f] = await rows<{ at: string; upcoming: number }>(
      t.db,
      sql`select max(computed_at)::text as at, count(*) filter (where state <> 'finished')::int as upcoming from event_forecasts`,
    );
    expect(Math.abs(Date.parse(f.at) - CLOCK)).toBeLessThan(10 * 60_000);
    expect(f.upcoming).toBeGreaterThan(100);
    const [n] = await rows<{ newest: string; oldest: string }>(t.db, sql`select max(created_at)::text as newest, min(created_at)::text as oldest from notifications`);
    expect(Date.parse(n.newest)).toBeLessThan(CLOCK);
    expect(Date.parse(n.oldest)).toBeGreaterThan(CLOCK - 30 * DAY);
  });
});

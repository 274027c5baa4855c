// The resort hotel's bookings in the history import format: one event per arrival date at 14:00
// UTC, one transaction per booking that was not cancelled, on arrival − lead_time, amount = adr;
// capacity = the most arrivals on one date. The committed fixtures are what the converter makes
// of the committed original.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { convertResortHotel, convertResortHotelGz } from '../../../src/server/demo/resort-hotel';
import { parseCsv } from '../../../src/server/demo/history-files';

const HEADER = 'hotel,is_canceled,lead_time,arrival_date_year,arrival_date_month,arrival_date_week_number,arrival_date_day_of_month,adr';
const row = (canceled: number, lead: number, y: number, m: string, d: number, adr: string) => `Resort Hotel,${canceled},${lead},${y},${m},1,${d},${adr}`;

describe('convertResortHotel', () => {
  const out = convertResortHotel(
    [
      HEADER,
      row(0, 10, 2016, 'August', 15, '120.5'),
      row(0, 0, 2016, 'August', 15, '99'),
      row(1, 30, 2016, 'August', 15, '80'), // cancelled: not a sale
      row(0, 400, 2016, 'August', 16, '-6.38'),
      '',
    ].join('\n'),
  );
  const events = parseCsv(out.eventsCsv);
  const tx = parseCsv(out.transactionsCsv);

  it('makes one event per arrival date at 14:00 UTC, with the most arrivals on one date as capacity', () => {
    expect(events[0]).toEqual(['event_id', 'title', 'category', 'venue', 'hall', 'city', 'capacity', 'start']);
    expect(events.slice(1).map((e) => [e[0], e[2], e[6], e[7]])).toEqual([
      ['resort-2016-08-15', 'other', '2', '2016-08-15T14:00:00Z'],
      ['resort-2016-08-16', 'other', '2', '2016-08-16T14:00:00Z'],
    ]);
    expect(out.capacity).toBe(2);
  });

  it('sells one unit per booking that was not cancelled, on arrival − lead time, for its daily rate', () => {
    expect(tx[0]).toEqual(['event_id', 'sold_at', 'quantity', 'amount']);
    expect(tx.slice(1)).toEqual([
      ['resort-2016-08-16', '2015-07-13T12:00:00Z', '1', '0'], // 400 days before; a negative rate is written as 0
      ['resort-2016-08-15', '2016-08-05T12:00:00Z', '1', '120.5'],
      ['resort-2016-08-15', '2016-08-15T12:00:00Z', '1', '99'],
    ]);
    expect(out.transactions).toBe(3);
  });

  it('refuses a file without the columns it needs', () => {
    expect(() => convertResortHotel('hotel,adr\nResort Hotel,1\n')).toThrow(/is_canceled/);
  });
});

describe('the committed fixtures', () => {
  it('are what the converter makes of the committed original', () => {
    const dir = path.join(import.meta.dirname, '../../fixtures/history/resort-hotel');
    const fresh = convertResortHotelGz(fs.readFileSync(path.join(dir, 'resort-hotel-bookings.csv.gz')));
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'events.csv.gz'))).toString()).toBe(fresh.eventsCsv);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'transactions.csv.gz'))).toString()).toBe(fresh.transactionsCsv);
    expect(fresh.events).toBe(793);
    expect(fresh.transactions).toBe(28_938);
  });
});

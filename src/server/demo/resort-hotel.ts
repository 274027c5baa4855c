// Real bookings we did not generate, in the ticketing-history import format: the resort hotel of
// Antonio, de Almeida & Nunes, "Hotel booking demand datasets", Data in Brief 22 (2019) 41–49,
// doi:10.1016/j.dib.2018.11.126 (CC BY 4.0; keep this citation with the data and any figure
// made from it). Each arrival date is one dated "event" whose bookings arrive over the months
// before it, which is exactly the booking curve the demand forecast reads; the demo generator's
// rules (strong events sell early, src/server/demo/booking-curve.ts) do not hold in it.
//
// Conversion: each arrival date is one event starting at 14:00 UTC (check-in); each booking that
// was not cancelled is one transaction of quantity 1 on arrival − lead_time (12:00 UTC), amount
// = adr (the average daily rate, EUR; the one negative rate of the file is written as 0, since
// amounts are prices); capacity = the largest number of arrivals on one date.
import zlib from 'node:zlib';

export const RESORT_HOTEL_CITATION =
  'N. Antonio, A. de Almeida, L. Nunes, "Hotel booking demand datasets", Data in Brief 22 (2019) 41–49, doi:10.1016/j.dib.2018.11.126 (CC BY 4.0)';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAY_MS = 86_400_000;
const REQUIRED = ['is_canceled', 'lead_time', 'arrival_date_year', 'arrival_date_month', 'arrival_date_day_of_month', 'adr'] as const;

export interface ConvertedHistory {
  /** events.csv and transactions.csv of the import format, as text. */
  eventsCsv: string;
  transactionsCsv: string;
  events: number;
  transactions: number;
  capacity: number;
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The bookings CSV (text of resort-hotel-bookings.csv) in the import format. */
export function convertResortHotel(csv: string): ConvertedHistory {
  const lines = csv.split(/\r?\n/).filter((l) => l.length > 0);
  // The published file has no quoted fields; refuse one rather than split it wrongly.
  if (lines.some((l) => l.includes('"'))) throw new Error('Quoted fields are not expected in the hotel bookings file');
  const header = lines[0].split(',');
  const col = Object.fromEntries(REQUIRED.map((k) => [k, header.indexOf(k)])) as Record<(typeof REQUIRED)[number], number>;
  for (const k of REQUIRED) if (col[k] < 0) throw new Error(`Column ${k} missing`);

  const bookings: { arrival: number; booked: number; amount: number }[] = [];
  for (const line of lines.slice(1)) {
    const f = line.split(',');
    if (f[col.is_canceled] !== '0') continue;
    const month = MONTHS.indexOf(f[col.arrival_date_month]);
    if (month < 0) throw new Error(`Unknown month ${f[col.arrival_date_month]}`);
    const arrival = Date.UTC(Number(f[col.arrival_date_year]), month, Number(f[col.arrival_date_day_of_month])) / DAY_MS;
    const lead = Number(f[col.lead_time]);
    if (!Number.isInteger(arrival) || !Number.isInteger(lead) || lead < 0) throw new Error(`Bad row: ${line}`);
    bookings.push({ arrival, booked: arrival - lead, amount: Math.max(0, Number(f[col.adr]) || 0) });
  }

  const perDate = new Map<number, number>();
  for (const b of bookings) perDate.set(b.arrival, (perDate.get(b.arrival) ?? 0) + 1);
  const capacity = Math.max(...perDate.values());
  const dates = [...perDate.keys()].sort((a, b) => a - b);
  const id = (day: number) => `resort-${isoDay(day)}`;

  const events = ['event_id,title,category,venue,hall,city,capacity,start'];
  for (const day of dates) events.push(`${id(day)},Resort hotel arrivals ${isoDay(day)},other,Resort Hotel,Rooms,Algarve,${capacity},${isoDay(day)}T14:00:00Z`);
  const tx = ['event_id,sold_at,quantity,amount'];
  const sorted = [...bookings].sort((a, b) => a.booked - b.booked || a.arrival - b.arrival);
  // Amounts as plain decimals with a dot, at most two places (the rates are cents already).
  for (const b of sorted) tx.push(`${id(b.arrival)},${isoDay(b.booked)}T12:00:00Z,1,${Number(b.amount.toFixed(2))}`);
  return {
    eventsCsv: `${events.join('\n')}\n`,
    transactionsCsv: `${tx.join('\n')}\n`,
    events: dates.length,
    transactions: bookings.length,
    capacity,
  };
}

/** Gzipped bytes of the bookings file in, gzipped events.csv and transactions.csv out (no timestamp: reproducible). */
export function convertResortHotelGz(gz: Buffer): ConvertedHistory & { eventsGz: Buffer; transactionsGz: Buffer } {
  const out = convertResortHotel(zlib.gunzipSync(gz).toString('utf8'));
  const opts = { level: 9 };
  return { ...out, eventsGz: zlib.gzipSync(out.eventsCsv, opts), transactionsGz: zlib.gzipSync(out.transactionsCsv, opts) };
}

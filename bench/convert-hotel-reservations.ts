// A third real data set for the demand forecast (issue 25), reported once after the model was
// chosen on the generated regimes and the resort hotel: the "Hotel Reservations" data set of
// one hotel ("INN"), 36,275 bookings for arrivals from July 2017 to December 2018, published on
// Kaggle by Ahsan Raza (kaggle.com/datasets/ahsan81/hotel-reservations-classification-dataset)
// under an open licence. The file is not part of this repository: fetch it yourself and give its
// path. Converted like the resort hotel (src/server/demo/resort-hotel.ts): each arrival date is
// one event at 14:00 UTC, category `other`; each booking that was not cancelled one transaction
// of quantity 1 on arrival − lead_time; capacity the most arrivals on one date. The file's
// 29 February 2018 arrivals (a date that does not exist) are left out.
//
// Usage: npx tsx bench/convert-hotel-reservations.ts <Hotel Reservations.csv> <out folder>
//        npx tsx bench/forecast-segments.ts --only external --dir <out folder> --country DE --name "…"
import fs from 'node:fs';
import path from 'node:path';

const [input, out] = process.argv.slice(2);
if (!input || !out) {
  console.error('usage: npx tsx bench/convert-hotel-reservations.ts <Hotel Reservations.csv> <out folder>');
  process.exit(2);
}
const DAY = 86_400_000;
const lines = fs.readFileSync(input, 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
const header = lines[0].split(',');
const col = (n: string) => {
  const i = header.indexOf(n);
  if (i < 0) throw new Error(`column ${n} missing`);
  return i;
};
const [cLead, cYear, cMonth, cDate, cStatus] = ['lead_time', 'arrival_year', 'arrival_month', 'arrival_date', 'booking_status'].map(col);
const perDate = new Map<number, number[]>();
let skipped = 0;
for (const line of lines.slice(1)) {
  const f = line.split(',');
  if (f[cStatus] !== 'Not_Canceled') continue;
  const y = Number(f[cYear]);
  const m = Number(f[cMonth]) - 1;
  const d = Number(f[cDate]);
  const ms = Date.UTC(y, m, d);
  const check = new Date(ms);
  if (check.getUTCMonth() !== m || check.getUTCDate() !== d) {
    skipped++;
    continue;
  }
  const arrival = ms / DAY;
  const booked = arrival - Number(f[cLead]);
  const list = perDate.get(arrival) ?? [];
  list.push(booked);
  perDate.set(arrival, list);
}
const capacity = Math.max(...[...perDate.values()].map((l) => l.length));
const iso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const dates = [...perDate.keys()].sort((a, b) => a - b);
const events = ['event_id,title,category,venue,hall,city,capacity,start'];
const tx = ['event_id,sold_at,quantity,amount'];
for (const day of dates) {
  events.push(`inn-${iso(day)},INN hotel arrivals ${iso(day)},other,INN Hotel,Rooms,Unknown,${capacity},${iso(day)}T14:00:00Z`);
  for (const b of perDate.get(day)!) tx.push(`inn-${iso(day)},${iso(b)}T12:00:00Z,1,0`);
}
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'events.csv'), `${events.join('\n')}\n`);
fs.writeFileSync(path.join(out, 'transactions.csv'), `${tx.join('\n')}\n`);
console.log(`${dates.length} arrival dates (capacity ${capacity}), ${tx.length - 1} bookings not cancelled; ${skipped} on dates that do not exist left out → ${out}`);

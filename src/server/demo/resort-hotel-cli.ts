// `npm run convert:resort-hotel [-- --in <bookings.csv.gz>] [-- --out <dir>]`: the resort hotel's
// bookings (see resort-hotel.ts for source and licence) in the ticketing-history import format,
// written as <dir>/events.csv.gz and <dir>/transactions.csv.gz. Defaults: the copy committed in
// tests/fixtures/history/resort-hotel/ in and out.
import fs from 'node:fs';
import path from 'node:path';
import { convertResortHotelGz, RESORT_HOTEL_CITATION } from './resort-hotel';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const dir = 'tests/fixtures/history/resort-hotel';
const input = arg('--in', path.join(dir, 'resort-hotel-bookings.csv.gz'));
const out = arg('--out', dir);

const c = convertResortHotelGz(fs.readFileSync(input));
fs.mkdirSync(out, { recursive: true });
fs.writeFileSync(path.join(out, 'events.csv.gz'), c.eventsGz);
fs.writeFileSync(path.join(out, 'transactions.csv.gz'), c.transactionsGz);
console.log(`${c.events} events (capacity ${c.capacity}), ${c.transactions} transactions → ${out}`);
console.log(`Source: ${RESORT_HOTEL_CITATION}`);

// Budget of issue 23: a package build over 100,000 customers and 20 chosen events in well under
// 30 s. This times the pure engine alone (src/server/engines/packages) on a synthetic history of
// that size: ten years of a partner's programme (about 3,000 past events in 13 categories, with
// recurring performers and composers), customers with one or two favourite categories and a
// skewed number of purchases (about 2,000,000 in all, some cancelled, some free). The database
// side (loading those rows) is the module's budget, not this one.
// Usage: npx tsx bench/packages-engine.ts [--customers 100000] [--events 20] [--repeats 1] [--ranking propensity|affinity]
import { performance } from 'node:perf_hooks';
import { mulberry32 } from '../src/lib/seeded-random';
import { buildPackages, type Customer, type EventFeatures, type Purchase } from '../src/server/engines/packages';

const args = process.argv.slice(2);
const arg = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const CUSTOMERS = arg('--customers', 100_000);
const CHOSEN = arg('--events', 20);
const REPEATS = arg('--repeats', 1);
const RANKING = args.includes('--ranking') ? (args[args.indexOf('--ranking') + 1] as 'propensity' | 'affinity') : 'propensity';
const DAY = 86_400_000;
const NOW = Date.parse('2026-09-01T08:00:00Z');
const CATEGORIES = ['symphony', 'chamber', 'vocal', 'opera', 'operetta_musical', 'ballet', 'dance', 'theatre', 'spoken', 'rock_pop', 'comedy', 'education', 'other'];
const HALLS = [
  { venueId: 1, venueName: 'Konzerthaus', hallId: 1, hallName: 'Großer Saal' },
  { venueId: 1, venueName: 'Konzerthaus', hallId: 2, hallName: 'Kammermusiksaal' },
  { venueId: 2, venueName: 'Opernhaus', hallId: 3, hallName: 'Bühne' },
  { venueId: 3, venueName: 'Stadthalle', hallId: 4, hallName: 'Saal' },
  { venueId: 3, venueName: 'Stadthalle', hallId: 5, hallName: 'Studio' },
];
const WORDS = 'sinfonie romantik barock klassik jazz tanz komödie märchen premiere gala festival nacht frühling winter lieder arien sonaten quartett'.split(' ');

const random = mulberry32(2026);
const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
const log = (...a: unknown[]) => console.log(new Date().toISOString().slice(11, 19), ...a);

function makeEvent(id: string, startMs: number): EventFeatures {
  const c = Math.floor(random() ** 1.5 * CATEGORIES.length);
  const hall = HALLS[(c + Math.floor(random() * 2)) % HALLS.length];
  return {
    id,
    title: `${pick(WORDS)} ${pick(WORDS)} ${id}`,
    category: CATEGORIES[c],
    artists: [`artist-${c}-${Math.floor(random() * 40)}`],
    composers: random() < 0.6 ? [`composer-${c}-${Math.floor(random() * 15)}`] : [],
    ...hall,
    price: Math.round((15 + c * 4 + random() * 40) * 100) / 100,
    keywords: [pick(WORDS)],
    description: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
    startMs: Math.floor(startMs / DAY) * DAY + (18 + Math.floor(random() * 3)) * 3_600_000,
    timezone: 'Europe/Berlin',
  };
}

log(`generating ${CUSTOMERS} customers, ${CHOSEN} chosen events…`);
const past: EventFeatures[] = [];
for (let d = 10 * 365; d > 0; d -= 1.2) past.push(makeEvent(`p${past.length}`, NOW - d * DAY));
const chosen = Array.from({ length: CHOSEN }, (_, k) => makeEvent(`u${k}`, NOW + (20 + k * 9) * DAY));
const byCategory = new Map<string, EventFeatures[]>();
for (const e of past) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e]);
const categoriesWithEvents = [...byCategory.keys()];

const customers: Customer[] = [];
const purchases: Purchase[] = [];
for (let id = 1; id <= CUSTOMERS; id++) {
  customers.push({ id, adsOptOut: random() < 0.08 });
  const tastes = [pick(categoriesWithEvents), pick(categoriesWithEvents)];
  // skewed activity: most buy a few times, some very often; mean about 20
  const count = 1 + Math.floor(-Math.log(1 - random()) * 19);
  for (let b = 0; b < count; b++) {
    const pool = random() < 0.8 ? byCategory.get(tastes[b % 2])! : past;
    const e = pool[Math.floor(random() * pool.length)];
    const tickets = 1 + Math.floor(random() * 4);
    const type = random() < 0.03 ? 'cancelled' : random() < 0.04 ? 'free' : random() < 0.2 ? 'discount' : 'regular';
    purchases.push({
      customerId: id,
      eventId: e.id,
      ticketType: type,
      tickets,
      amountMinor: type === 'free' ? 0 : Math.round(e.price! * tickets * (0.7 + random() * 0.6) * 100),
      soldAtMs: e.startMs - Math.floor(random() * 90 + 1) * DAY,
    });
  }
}
log(`${past.length} past events, ${purchases.length} purchases`);

const times: number[] = [];
for (let r = 0; r < REPEATS; r++) {
  const t0 = performance.now();
  const build = buildPackages({
    chosenEvents: chosen,
    pastEvents: past,
    purchases,
    customers,
    nowMs: NOW,
    settings: { targeting_mode: r % 2 ? 'inclusive_mode' : 'selective_mode', forCrmExport: true, ranking: RANKING },
  });
  const ms = performance.now() - t0;
  times.push(ms);
  log(
    `build ${r + 1}: ${(ms / 1000).toFixed(2)} s — ${build.variations.length} variations, ${build.n_customers} customers ` +
      `(${build.variations.map((v) => v.customer_ids.length).join(' / ')}), ${build.scoredCustomers} scored of ${build.eligibleCustomers} eligible, ranked by ${build.ranking.method}${build.ranking.fallback ? ` (${build.ranking.fallback})` : ''}`,
  );
}
const sorted = [...times].sort((a, b) => a - b);
console.log(`packages engine (${RANKING}), ${CUSTOMERS} customers × ${CHOSEN} events, ${purchases.length} purchases: median ${(sorted[sorted.length >> 1] / 1000).toFixed(2)} s (budget 30 s)`);

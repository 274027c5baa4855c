// A partner at the package builder's bench scale (issue 23), written into a database: ten years of
// programme (about 3,000 past events in 13 categories with recurring performers and composers, on a
// season's grid in five halls), `customers` customers with one or two favourite categories and a
// skewed number of purchases (about 20 on average: two million for 100,000 customers; some
// cancelled, some free), and `chosen` upcoming events. The same synthetic history as
// bench/packages-engine.ts, here with real rows: venues, halls, events with lineups and setlists,
// customers (8 % opted out of ads) and ticket transactions.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../src/server/db/client';
import { arr, restoreRowTriggers, skipRowTriggers } from '../src/server/db/bulk';
import { mulberry32 } from '../src/lib/seeded-random';

const DAY = 86_400_000;
const CATEGORIES = ['symphony', 'chamber', 'vocal', 'opera', 'operetta_musical', 'ballet', 'dance', 'theatre', 'spoken', 'rock_pop', 'comedy', 'education', 'other'];
const HALLS = [
  { venue: 'Konzerthaus', hall: 'Großer Saal' },
  { venue: 'Konzerthaus', hall: 'Kammermusiksaal' },
  { venue: 'Opernhaus', hall: 'Bühne' },
  { venue: 'Stadthalle', hall: 'Saal' },
  { venue: 'Stadthalle', hall: 'Studio' },
];
const WORDS = 'sinfonie romantik barock klassik jazz tanz komödie märchen premiere gala festival nacht frühling winter lieder arien sonaten quartett'.split(' ');

interface BenchEvent {
  id: string;
  title: string;
  category: string;
  hall: number;
  price: number;
  artist: string;
  composer: string | null;
  description: string;
  startMs: number;
}

export interface BenchPartner {
  partnerId: number;
  chosenIds: string[];
  customers: number;
  transactions: number;
  pastEvents: number;
}

/** Writes the partner (id `partnerId`, EUR, German) and its history relative to `nowMs`. */
export async function writeBenchPartner(db: Db, opts: { partnerId: number; customers: number; chosen: number; nowMs: number; log?: (m: string) => void }): Promise<BenchPartner> {
  const random = mulberry32(2026);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
  const log = opts.log ?? (() => {});
  const pid = opts.partnerId;
  const makeEvent = (id: string, startMs: number): BenchEvent => {
    const c = Math.floor(random() ** 1.5 * CATEGORIES.length);
    return {
      id,
      title: `${pick(WORDS)} ${pick(WORDS)} ${id}`,
      category: CATEGORIES[c],
      hall: (c + Math.floor(random() * 2)) % HALLS.length,
      artist: `artist-${c}-${Math.floor(random() * 40)}`,
      composer: random() < 0.6 ? `composer-${c}-${Math.floor(random() * 15)}` : null,
      price: Math.round((15 + c * 4 + random() * 40) * 100) / 100,
      description: `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)}`,
      startMs: Math.floor(startMs / DAY) * DAY + (18 + Math.floor(random() * 3)) * 3_600_000,
    };
  };
  const past: BenchEvent[] = [];
  for (let d = 10 * 365; d > 1; d -= 1.2) past.push(makeEvent(`e${pid}-p${past.length}`, opts.nowMs - d * DAY));
  const chosen = Array.from({ length: opts.chosen }, (_, k) => makeEvent(`e${pid}-u${k}`, opts.nowMs + (20 + k * 9) * DAY));
  const byCategory = new Map<string, BenchEvent[]>();
  for (const e of past) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e]);
  const categories = [...byCategory.keys()];

  await db.transaction(async (txDb) => {
    const tx = txDb as unknown as Db;
    const role = await skipRowTriggers(tx);
    await tx.execute(sql`INSERT INTO partners (id, name, domain, product, language, currency) VALUES (${pid}, 'Bench packages', ${`bench-${pid}.example`}, 'full-service', 'de', 'EUR')`);
    const hallIds: number[] = [];
    const venueIds = new Map<string, number>();
    for (const h of HALLS) {
      if (!venueIds.has(h.venue)) {
        const [v] = await rows<{ id: number }>(tx, sql`INSERT INTO venues (partner_id, name, city, location) VALUES (${pid}, ${h.venue}, 'Köln', 'Nordrhein-Westfalen, Deutschland') RETURNING id`);
        venueIds.set(h.venue, v.id);
      }
      const [row] = await rows<{ id: number }>(tx, sql`INSERT INTO halls (partner_id, venue_id, name, capacity) VALUES (${pid}, ${venueIds.get(h.venue)}, ${h.hall}, 1500) RETURNING id`);
      hallIds.push(row.id);
    }
    const events = [...past, ...chosen];
    for (let i = 0; i < events.length; i += 2_000) {
      const part = events.slice(i, i + 2_000);
      await tx.execute(sql`
        INSERT INTO events (id, partner_id, eid, title, category, start_date_time, hall_id, capacity, price, description, lineups, setlists, timezone)
        SELECT id, ${pid}, 'B-' || id, title, category, to_timestamp(s), hall, 1500, price, d, l, sl, 'Europe/Berlin'
        FROM unnest(${arr(part.map((e) => e.id))}::text[], ${arr(part.map((e) => e.title))}::text[], ${arr(part.map((e) => e.category))}::text[],
                    ${arr(part.map((e) => e.startMs / 1000))}::float8[], ${arr(part.map((e) => hallIds[e.hall]))}::int[], ${arr(part.map((e) => e.price))}::float8[],
                    ${arr(part.map((e) => e.description))}::text[],
                    ${arr(part.map((e) => JSON.stringify([{ artist_name: e.artist, artist_type: 'soloist' }])))}::jsonb[],
                    ${arr(part.map((e) => JSON.stringify(e.composer ? [{ artist_name: e.composer, track: 'Werk' }] : [])))}::jsonb[])
          AS u(id, title, category, s, hall, price, d, l, sl)`);
    }
    log(`${past.length} past and ${chosen.length} upcoming events written`);

    const BATCH = 20_000;
    for (let from = 0; from < opts.customers; from += BATCH) {
      const n = Math.min(BATCH, opts.customers - from);
      const nums = Array.from({ length: n }, (_, i) => from + i + 1);
      await tx.execute(sql`
        INSERT INTO customers (partner_id, external_id, postal_code, city, salutation, first_name, last_name, email, ads_opt_out)
        SELECT ${pid}, 'K' || lpad(n::text, 7, '0'), '50667', 'Köln', 'Frau', 'Erika', 'Muster' || n, 'kunde' || n || '@example.com', o
        FROM unnest(${arr(nums)}::int[], ${arr(nums.map(() => random() < 0.08))}::bool[]) AS u(n, o)`);
    }
    const ids = (await rows<{ id: number | string }>(tx, sql`SELECT id FROM customers WHERE partner_id = ${pid} ORDER BY id`)).map((r) => Number(r.id));
    log(`${ids.length} customers written`);

    let transactions = 0;
    let buf: { c: number; e: string; s: number; q: number; t: string; a: number }[] = [];
    const flush = async () => {
      if (!buf.length) return;
      await tx.execute(sql`
        INSERT INTO ticket_transactions (partner_id, event_id, customer_id, sold_at, quantity, ticket_type, price_category, amount_minor)
        SELECT ${pid}, e, c, to_timestamp(s), q, t, '1', a
        FROM unnest(${arr(buf.map((x) => x.e))}::text[], ${arr(buf.map((x) => x.c))}::bigint[], ${arr(buf.map((x) => x.s))}::float8[],
                    ${arr(buf.map((x) => x.q))}::int[], ${arr(buf.map((x) => x.t))}::text[], ${arr(buf.map((x) => x.a))}::bigint[]) AS u(e, c, s, q, t, a)`);
      transactions += buf.length;
      buf = [];
    };
    for (let i = 0; i < ids.length; i++) {
      const tastes = [pick(categories), pick(categories)];
      // skewed activity: most buy a few times, some very often; mean about 20
      const count = 1 + Math.floor(-Math.log(1 - random()) * 19);
      for (let b = 0; b < count; b++) {
        const pool = random() < 0.8 ? byCategory.get(tastes[b % 2])! : past;
        const e = pool[Math.floor(random() * pool.length)];
        const q = 1 + Math.floor(random() * 4);
        const t = random() < 0.03 ? 'cancelled' : random() < 0.04 ? 'free' : random() < 0.2 ? 'discount' : 'regular';
        buf.push({ c: ids[i], e: e.id, s: (e.startMs - Math.floor(random() * 90 + 1) * DAY) / 1000, q, t, a: t === 'free' ? 0 : Math.round(e.price * q * (0.7 + random() * 0.6) * 100) });
      }
      if (buf.length >= 50_000) {
        await flush();
        if (transactions % 500_000 < 50_000) log(`${transactions} transactions written`);
      }
    }
    await flush();
    await restoreRowTriggers(tx, role);
    log(`${transactions} transactions written`);
  });
  await db.execute(sql`ANALYZE`);
  const [{ n }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ticket_transactions WHERE partner_id = ${pid}`);
  return { partnerId: pid, chosenIds: chosen.map((e) => e.id), customers: opts.customers, transactions: n, pastEvents: past.length };
}

// The partner's own words for the Sentinel parser (src/server/engines/nlq): every distinct value
// a question may name — categories, cities, venues, halls, artists, composers, titles, ticket
// types, price categories, payment methods, custom properties with few values. Read through the
// sentinel views as the application (views filtered by partner_id here), cached per partner for
// a minute: it is read on every question, and a new event's words may wait that long.
//
// Only the asking partner's own words (issue 21 §4): the names, venues and cities of other
// partners are not read. A question naming them is answered exactly like one naming a word
// nobody uses (not_understood); refusing them as "another partner's data" told anyone which
// cities, venues and organisations are Encore partners (docs/SECURITY.md §1).
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Vocabulary } from '../../engines/nlq';

const TTL_MS = 60_000;
/** Custom properties with more distinct values than this are free text (ids, dates): label only. */
const MAX_PROPERTY_VALUES = 30;

const cache = new Map<number, { at: number; vocabulary: Promise<Vocabulary> }>();

/** A stable order for the lists: the lexicon breaks ties by entry order. */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function list(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rows<{ v: string | null }>(db, query)).map((r) => r.v).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
}

/** "Murat Yilmaz: Nicht so laut", "3. Sinfoniekonzert – Haydn: Die Schöpfung" → the name before the colon. */
export function namesInTitles(titles: string[]): string[] {
  const out = new Set<string>();
  for (const t of titles) {
    const m = /(?:^|[–-]\s)([^:–]{3,40}):\s/.exec(t);
    if (m && /\p{Lu}/u.test(m[1]) && !/\d/.test(m[1])) out.add(m[1].trim());
  }
  return [...out];
}

async function read(db: Db, partnerId: number): Promise<Vocabulary> {
  const [p] = await rows<{ name: string; currency: string }>(db, sql`SELECT name, currency FROM partners WHERE id = ${partnerId}`);
  const events = sql`sentinel.events`;
  const [categories, eventCities, customerCities, venues, halls, artists, composers, titles, saleKinds] = await Promise.all([
    list(db, sql`SELECT DISTINCT category AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT city AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT city AS v FROM sentinel.customers WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT venue AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT hall AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT unnest(artists) AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT unnest(composers) AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    list(db, sql`SELECT DISTINCT title AS v FROM ${events} WHERE partner_id = ${partnerId} ORDER BY 1`),
    // The three words of a sale in one pass over the partner's transactions (a few hundred
    // combinations), read from the table: three DISTINCTs through the view scanned the million
    // rows three times and joined each to its partner (docs/PERFORMANCE.md, Sentinel).
    rows<{ ticket_type: string | null; price_category: string | null; payment_method: string | null }>(
      db,
      sql`SELECT ticket_type, price_category, payment_method FROM ticket_transactions WHERE partner_id = ${partnerId} GROUP BY 1, 2, 3`,
    ),
  ]);
  const distinct = (key: 'ticket_type' | 'price_category' | 'payment_method') =>
    [...new Set(saleKinds.map((r) => r[key]).filter((v): v is string => typeof v === 'string' && v.trim() !== ''))].sort(byCodePoint);
  const ticketTypes = distinct('ticket_type');
  const priceCategories = distinct('price_category');
  const paymentMethods = distinct('payment_method');
  // Forms of address are few per partner ("Frau", "Herr", "divers"; "Ms", "Mr", "Mx").
  const salutations = await list(db, sql`SELECT salutation AS v FROM sentinel.customers WHERE partner_id = ${partnerId} AND salutation IS NOT NULL GROUP BY 1 ORDER BY 1 LIMIT 20`);
  const props = await rows<{ label: string; n: number; vals: string[] | null }>(db, sql`
    SELECT label, count(DISTINCT content)::int AS n,
           CASE WHEN count(DISTINCT content) <= ${MAX_PROPERTY_VALUES} THEN array_agg(DISTINCT content) END AS vals
    FROM sentinel.customer_properties WHERE partner_id = ${partnerId} GROUP BY label ORDER BY label`);
  const fromTitles = namesInTitles(titles).filter((n) => !composers.includes(n) && !artists.includes(n));
  return {
    partnerId,
    partnerName: p?.name ?? '',
    currency: p?.currency ?? 'EUR',
    categories,
    cities: [...new Set([...eventCities, ...customerCities])],
    venues,
    halls,
    artists: [...artists, ...fromTitles],
    composers,
    titles,
    ticketTypes,
    priceCategories,
    paymentMethods,
    salutations,
    customProperties: props.map((r) => ({ label: r.label, values: r.vals ?? [] })),
  };
}

export function loadVocabulary(db: Db, partnerId: number, nowMs = Date.now()): Promise<Vocabulary> {
  const hit = cache.get(partnerId);
  if (hit && nowMs - hit.at < TTL_MS) return hit.vocabulary;
  const vocabulary = read(db, partnerId);
  cache.set(partnerId, { at: nowMs, vocabulary });
  // A failed read is not cached.
  vocabulary.catch(() => cache.delete(partnerId));
  return vocabulary;
}

/** Tests and imports that change a partner's words drop the cached copy. */
export function forgetVocabulary(partnerId?: number): void {
  if (partnerId === undefined) cache.clear();
  else cache.delete(partnerId);
}

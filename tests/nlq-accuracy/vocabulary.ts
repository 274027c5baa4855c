// The partner vocabulary the runner hands the parser: the engine's own loader
// (src/server/modules/nlq/vocabulary.ts, `loadVocabulary(db, partnerId)`, built by nlq-engine) when
// it exists, so the runner measures what the server does. Until it lands, a small fallback read
// straight from the base tables keeps the runner working.
// TODO(issue 15): drop the fallback once nlq-engine's loadVocabulary is on main.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../src/server/db/client';
import type { Vocabulary } from '../../src/server/engines/nlq';

type Loader = (db: Db, partnerId: number) => Promise<Vocabulary>;

// A computed specifier: the module may not exist yet on this branch, and a static import would
// not compile without it.
const ENGINE_LOADER = '../../src/server/modules/nlq/vocabulary';

async function engineLoader(): Promise<Loader | null> {
  try {
    const mod = (await import(/* @vite-ignore */ ENGINE_LOADER)) as { loadVocabulary?: Loader };
    return typeof mod.loadVocabulary === 'function' ? mod.loadVocabulary : null;
  } catch {
    return null;
  }
}

async function column(db: Db, query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rows<{ v: string }>(db, query)).map((r) => r.v).filter((v) => v !== null && v !== '');
}

async function fallbackVocabulary(db: Db, partnerId: number): Promise<Vocabulary> {
  const [p] = await rows<{ name: string; currency: string | null }>(db, sql`SELECT name, currency FROM partners WHERE id = ${partnerId}`);
  const others = await column(db, sql`
    SELECT lower(name) AS v FROM partners WHERE id <> ${partnerId}
    UNION SELECT lower(name) FROM venues WHERE partner_id <> ${partnerId}
    UNION SELECT lower(city) FROM venues WHERE partner_id <> ${partnerId}
      AND city NOT IN (SELECT city FROM venues WHERE partner_id = ${partnerId})`);
  return {
    partnerName: p?.name ?? '',
    currency: p?.currency ?? 'EUR',
    categories: await column(db, sql`SELECT DISTINCT category AS v FROM events WHERE partner_id = ${partnerId} ORDER BY 1`),
    cities: await column(db, sql`SELECT DISTINCT city AS v FROM venues WHERE partner_id = ${partnerId}
                                 UNION SELECT DISTINCT city FROM customers WHERE partner_id = ${partnerId} ORDER BY 1`),
    venues: await column(db, sql`SELECT DISTINCT name AS v FROM venues WHERE partner_id = ${partnerId} ORDER BY 1`),
    halls: await column(db, sql`SELECT DISTINCT name AS v FROM halls WHERE partner_id = ${partnerId} ORDER BY 1`),
    artists: [],
    composers: [],
    titles: await column(db, sql`SELECT DISTINCT title AS v FROM events WHERE partner_id = ${partnerId} ORDER BY 1`),
    ticketTypes: await column(db, sql`SELECT DISTINCT ticket_type AS v FROM ticket_transactions WHERE partner_id = ${partnerId} ORDER BY 1`),
    priceCategories: await column(db, sql`SELECT DISTINCT price_category AS v FROM ticket_transactions WHERE partner_id = ${partnerId} ORDER BY 1`),
    paymentMethods: [],
    customProperties: [],
    otherPartners: others,
  };
}

export async function loadPartnerVocabulary(db: Db, partnerId: number): Promise<{ vocabulary: Vocabulary; source: string }> {
  const load = await engineLoader();
  if (load) return { vocabulary: await load(db, partnerId), source: 'src/server/modules/nlq/vocabulary.ts' };
  return { vocabulary: await fallbackVocabulary(db, partnerId), source: 'fallback (engine loader not built yet)' };
}

// Stand-in for nlq-engine's vocabulary.ts until that branch is merged: the partner's name and
// currency only. Replaced by `loadVocabulary` from ./vocabulary on merge.
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Vocabulary } from '../../engines/nlq';

export async function loadVocabulary(db: Db, partnerId: number): Promise<Vocabulary> {
  const [p] = await rows<{ name: string; currency: string }>(db, sql`SELECT name, currency FROM partners WHERE id = ${partnerId}`);
  return {
    partnerName: p?.name ?? '', currency: p?.currency ?? 'EUR', categories: [], cities: [], venues: [], halls: [], artists: [], composers: [], titles: [],
    ticketTypes: [], priceCategories: [], paymentMethods: [], customProperties: [], otherPartners: [],
  };
}

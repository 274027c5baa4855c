// A small partner vocabulary and clock for the engine's unit tests (no database).
import { parseQuestion, type Condition, type Entity, type TypedQuery, type Vocabulary } from '../../src/server/engines/nlq';

export const NOW = new Date('2026-11-24T09:00:00Z');

export const VOCAB: Vocabulary = {
  partnerId: 1001,
  partnerName: 'Konzerthaus Rheinland',
  currency: 'EUR',
  categories: ['opera', 'ballet', 'symphony', 'chamber', 'theatre', 'comedy', 'rock_pop', 'operetta_musical'],
  cities: ['Köln', 'Düsseldorf', 'Bonn', 'Essen', 'Frankfurt am Main'],
  venues: ['Kölner Philharmonie', 'Opernhaus Düsseldorf', 'Kongresshalle Essen'],
  halls: ['Großer Saal', 'Kammermusiksaal', 'Studiobühne'],
  artists: ['Lena Falk', 'Rheinische Philharmonie'],
  composers: ['Beethoven', 'Haydn'],
  titles: ['La Traviata', 'Die Zauberflöte', 'Beethoven: Sinfonie Nr. 9', 'Theater-Abo Saison 2026/27'],
  ticketTypes: ['subscription', 'regular', 'discount', 'free', 'cancelled', 'reserved'],
  priceCategories: ['Parkett', 'Loge', '1. Rang', '1', '2'],
  paymentMethods: ['credit_card', 'paypal', 'cash', 'invoice'],
  customProperties: [
    { label: 'Abonnement', values: ['Premium', 'Basis'] },
    { label: 'Newsletter', values: ['ja', 'nein'] },
    { label: 'Lieblingssparte', values: ['Oper', 'Ballett'] },
  ],
};

export type Lang = 'de' | 'en';

/** The parser on `vocabulary` at NOW: `parse` returns the result, `ok` the query (throws on a refusal). */
export function parserOn(vocabulary: Vocabulary) {
  const parse = (text: string, outcome: Entity, language: Lang, v: Vocabulary = vocabulary) => parseQuestion(text, { language, outcome, vocabulary: v, now: NOW });
  const ok = (text: string, outcome: Entity, language: Lang, v: Vocabulary = vocabulary): TypedQuery => {
    const r = parse(text, outcome, language, v);
    if (!r.ok) throw new Error(`${text}: ${r.refusal} ${r.reason}`);
    return r.query;
  };
  return { parse, ok };
}

/** One condition as text: `tag.field op value`, or `measure[where…] op value` for a related count. */
export const summary = (c: Condition): string => (c.kind === 'field' ? `${c.field.tag}.${c.field.field} ${c.op} ${JSON.stringify(c.value)}` : `${c.measure}[${c.where.map(summary).join(', ')}] ${c.op} ${c.value}`);
/** The query's filters as text. */
export const conditions = (q: TypedQuery): string[] => q.filters.map(summary);

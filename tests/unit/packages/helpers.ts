// Small hand-made partners for the package engine's tests: events by genre, customers who buy
// within a taste, and a seeded "season" generator for the grouping tests.
import { mulberry32 } from '../../../src/lib/seeded-random';
import type { BuildInput, Customer, EventFeatures, Purchase } from '../../../src/server/engines/packages';

export const DAY = 86_400_000;
export const NOW = Date.parse('2026-06-01T10:00:00Z');

/** An event with neutral defaults: Hall 1 of venue 1, 30.00, Saturday 19:30 UTC. */
export function event(over: Partial<EventFeatures> & { id: string }): EventFeatures {
  return {
    title: `Event ${over.id}`,
    category: 'symphony',
    artists: [],
    composers: [],
    venueId: 1,
    venueName: 'Konzerthaus',
    hallId: 1,
    hallName: 'Großer Saal',
    price: 30,
    keywords: [],
    description: '',
    // 2026-05-02 is a Saturday
    startMs: Date.parse('2026-05-02T19:30:00Z'),
    timezone: 'UTC',
    ...over,
  };
}

export function purchase(customerId: number, eventId: string, over: Partial<Purchase> = {}): Purchase {
  return { customerId, eventId, ticketType: 'regular', tickets: 2, amountMinor: 6000, soldAtMs: NOW - 60 * DAY, ...over };
}

export const customers = (...ids: number[]): Customer[] => ids.map((id) => ({ id, adsOptOut: false }));

export const GENRES = {
  classical: { category: 'symphony', people: ['Ludwig van Beethoven', 'Gewandhausorchester'], words: 'Sinfonie Beethoven Eroica', hallId: 1, hallName: 'Großer Saal', price: 45, hour: 19 },
  opera: { category: 'opera', people: ['Giuseppe Verdi', 'Anna Netrebko'], words: 'Oper Verdi Traviata', hallId: 2, hallName: 'Opernbühne', price: 80, hour: 18 },
  pop: { category: 'rock_pop', people: ['The Lumineers'], words: 'Indie Folk Tour', hallId: 3, hallName: 'Club', price: 25, hour: 21 },
  comedy: { category: 'comedy', people: ['Hazel Brugger'], words: 'Kabarett Stand-up Humor', hallId: 4, hallName: 'Studio', price: 20, hour: 20 },
} as const;
export type Genre = keyof typeof GENRES;

/** An event of a genre, `daysFromNow` away (negative: in the past). */
export function genreEvent(genre: Genre, id: string, daysFromNow: number, extra: Partial<EventFeatures> = {}): EventFeatures {
  const g = GENRES[genre];
  const day = Math.floor((NOW + daysFromNow * DAY) / DAY) * DAY;
  return event({
    id,
    title: `${g.words.split(' ')[0]} ${id}`,
    category: g.category,
    artists: [g.people[g.people.length - 1]],
    composers: g.people.length > 1 ? [g.people[0]] : [],
    hallId: g.hallId,
    hallName: g.hallName,
    price: g.price,
    description: g.words,
    startMs: day + g.hour * 3_600_000,
    ...extra,
  });
}

/**
 * A seeded partner: `perGenre` past events and `customersPerGenre` customers for each genre, each
 * customer buying 2–5 past events of their genre (and now and then one of another), plus one
 * upcoming event per genre. Customer ids: genre index × 1000 + n.
 */
export function season(seed: number, genres: readonly Genre[] = ['classical', 'opera', 'pop'], perGenre = 8, customersPerGenre = 30): Omit<BuildInput, 'settings'> {
  const random = mulberry32(seed);
  const pastEvents: EventFeatures[] = [];
  const chosenEvents: EventFeatures[] = [];
  const purchases: Purchase[] = [];
  const people: Customer[] = [];
  genres.forEach((g) => {
    for (let k = 0; k < perGenre; k++) pastEvents.push(genreEvent(g, `${g}-p${k}`, -30 - k * 40));
    chosenEvents.push(genreEvent(g, `${g}-up`, 60));
  });
  genres.forEach((g, gi) => {
    for (let n = 0; n < customersPerGenre; n++) {
      const id = gi * 1000 + n;
      people.push({ id, adsOptOut: false });
      const count = 2 + Math.floor(random() * 4);
      for (let b = 0; b < count; b++) {
        const k = Math.floor(random() * perGenre);
        const ev = `${g}-p${k}`;
        const evStart = pastEvents.find((e) => e.id === ev)!.startMs;
        purchases.push(purchase(id, ev, { soldAtMs: evStart - (5 + Math.floor(random() * 40)) * DAY, amountMinor: GENRES[g].price * 200 }));
      }
      if (random() < 0.15) {
        const other = genres[(gi + 1) % genres.length];
        const ev = `${other}-p0`;
        purchases.push(purchase(id, ev, { soldAtMs: pastEvents.find((e) => e.id === ev)!.startMs - 10 * DAY }));
      }
    }
  });
  return { chosenEvents, pastEvents, purchases, customers: people, nowMs: NOW };
}

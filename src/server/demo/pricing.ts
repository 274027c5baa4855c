// Prices, seat categories, ticket types and basket sizes of generated sales.
import type { Rng } from './random';
import type { SalePhase } from './booking-curve';
import type { HallKind, Language, ShowCategory } from './names';
import { NAMED_PRICE_CATEGORIES } from './names';
import type { TICKET_TYPES } from '../db/schema';

export type TicketType = (typeof TICKET_TYPES)[number];

/**
 * The seat categories of a hall. Labels are numeric strings ('1'..'5', shown as 'Kategorie I..V',
 * spec 1 §9) for most halls and names ('Parkett', 'Rang', 'Loge') for some theatres; a club has a
 * single standing category. Category 1 is the most expensive; cheaper categories hold more seats.
 */
export interface PriceScheme {
  labels: string[];
  /** Share of the seats in each category (sums to 1). */
  seatShares: number[];
  /** Price relative to the event's top price. */
  factors: number[];
}

export function priceSchemeFor(rng: Rng, kind: HallKind, capacity: number, language: Language): PriceScheme {
  if (kind === 'club' || kind === 'open_air') {
    // Standing room: one category, sometimes a small seated gallery on top.
    return rng.chance(0.7)
      ? { labels: ['1'], seatShares: [1], factors: [1] }
      : { labels: ['1', '2'], seatShares: [0.15, 0.85], factors: [1, 0.8] };
  }
  if (kind === 'theatre' && capacity >= 300 && rng.chance(0.6)) {
    const named = NAMED_PRICE_CATEGORIES[language];
    return capacity >= 800
      ? { labels: named.large, seatShares: [0.05, 0.45, 0.3, 0.2], factors: [1, 0.9, 0.72, 0.55] }
      : { labels: named.small, seatShares: [0.08, 0.6, 0.32], factors: [1, 0.88, 0.66] };
  }
  const count = kind === 'arena' ? rng.int(5, 7) : capacity >= 1500 ? 5 : capacity >= 600 ? 4 : 3;
  const labels = Array.from({ length: count }, (_, i) => String(i + 1));
  const raw = labels.map((_, i) => 1 + i * 0.6); // more seats in cheaper categories
  const total = raw.reduce((a, b) => a + b, 0);
  return {
    labels,
    seatShares: raw.map((w) => w / total),
    factors: labels.map((_, i) => Math.max(0.25, 1 - i * 0.15)),
  };
}

/** Top price of an event in major currency units (category 1), within 15–180. */
const TOP_PRICE: Record<ShowCategory, [number, number]> = {
  concert: [35, 95],
  classical: [30, 90],
  theatre: [25, 60],
  musical: [55, 140],
  comedy: [28, 45],
  opera: [45, 180],
  dance: [30, 85],
  sports: [20, 70],
  festival: [60, 150],
  kids: [15, 25],
  uncategorized: [15, 45],
};

export function topPrice(rng: Rng, category: ShowCategory): number {
  const [lo, hi] = TOP_PRICE[category];
  const p = rng.int(lo, hi);
  // Box offices like prices ending in ,90 as much as round ones.
  return rng.chance(0.5) ? p - 0.1 : p;
}

/** Unit price in minor units for a seat category and ticket type (free and reserved cost nothing). */
export function unitPriceMinor(top: number, factor: number, type: TicketType): number {
  const mult =
    type === 'free' || type === 'reserved' ? 0
    : type === 'subscription' ? 0.75
    : type === 'regular_discount' ? 0.85
    : type === 'discount' ? 0.55
    : 1;
  // Round to 50 minor units; a full-price seat costs at least 15, a reduced one at least 8.
  const price = Math.round(top * factor * mult * 2) / 2;
  return mult === 0 ? 0 : Math.round(Math.max(price, mult === 1 ? 15 : 8) * 100);
}

/** Ticket type of one sale outside the subscription block. */
export function ticketTypeFor(rng: Rng, category: ShowCategory, phase: SalePhase): TicketType {
  if (phase === 'subscription') return 'subscription';
  const kids = category === 'kids';
  return rng.weighted<TicketType>([
    ['regular', kids ? 0.5 : 0.7],
    ['regular_discount', 0.12],
    ['discount', kids ? 0.32 : 0.1],
    ['free', 0.025],
    ['reserved', 0.015],
    ['cancelled', 0.01],
  ]);
}

/** Tickets in one purchase: mostly one or two, families buy three or four. */
export function quantityFor(rng: Rng, category: ShowCategory, type: TicketType): number {
  if (type === 'subscription') return rng.chance(0.55) ? 1 : 2;
  if (category === 'kids') return rng.weighted([[1, 0.1], [2, 0.3], [3, 0.3], [4, 0.25], [5, 0.05]]);
  return rng.weighted([[1, 0.38], [2, 0.44], [3, 0.06], [4, 0.08], [5, 0.02], [6, 0.02]]);
}

/** Index of the seat category of one purchase, in proportion to the seats each category holds. */
export function seatCategoryIndex(rng: Rng, scheme: PriceScheme): number {
  let r = rng.next();
  for (let i = 0; i < scheme.seatShares.length; i++) {
    r -= scheme.seatShares[i];
    if (r < 0) return i;
  }
  return scheme.seatShares.length - 1;
}

// Who the demo's customers are: a few audience personas, each with a taste (which kinds of show
// they buy), a price level (which seats), a booking habit (early or last-minute) and a basket size.
// The seed picks the buyer of each sale among the personas that fit it (buyers.ts), so a
// customer's history carries the persona's traits the way a real box office's data does, and the
// taste clusters (src/server/engines/taste-clusters) have something real to find. The same
// personas drive the synthetic populations of the tests and the bench (population.ts).
import type { SalePhase } from './booking-curve';
import type { ShowCategory } from './names';

/** A show kind of the seed, or a product (voucher, pass): products say nothing about taste. */
export type SaleKind = ShowCategory | 'product';

export interface Persona {
  key: string;
  /** Share of the partner's customers. */
  share: number;
  /** Relative chance that a sale of this kind goes to this persona (absent: `otherKinds`). */
  kinds: Partial<Record<SaleKind, number>>;
  otherKinds: number;
  /** > 0 prefers the expensive seat categories, < 0 the cheap ones (log-odds across the range). */
  seat: number;
  /** Relative chance by phase of the booking curve (absent: 1). */
  phases: Partial<Record<SalePhase, number>>;
  /** Relative chance of a basket of three or more tickets. */
  groups: number;
}

export const PERSONAS: readonly Persona[] = [
  { key: 'classical', share: 0.11, kinds: { classical: 9, opera: 3, dance: 1.5 }, otherKinds: 0.15, seat: 1.2, phases: { subscription: 3, onsale: 2, rush: 0.3 }, groups: 0.4 },
  { key: 'opera_ballet', share: 0.08, kinds: { opera: 9, dance: 7, classical: 2 }, otherKinds: 0.15, seat: 1.6, phases: { subscription: 2, onsale: 2.5, rush: 0.3 }, groups: 0.5 },
  { key: 'theatre', share: 0.13, kinds: { theatre: 9, musical: 1.5, comedy: 1 }, otherKinds: 0.2, seat: 0.2, phases: { subscription: 2, rush: 0.8 }, groups: 0.7 },
  { key: 'rock_pop', share: 0.2, kinds: { concert: 9, festival: 6, comedy: 1 }, otherKinds: 0.15, seat: -0.6, phases: { onsale: 2, rush: 1.5, subscription: 0.1 }, groups: 1 },
  { key: 'comedy', share: 0.1, kinds: { comedy: 9, concert: 1.2, musical: 0.8 }, otherKinds: 0.15, seat: -0.3, phases: { rush: 3.5, onsale: 0.4, subscription: 0.1 }, groups: 1 },
  { key: 'families', share: 0.1, kinds: { kids: 9, musical: 2.5 }, otherKinds: 0.1, seat: -0.8, phases: { rush: 1, subscription: 0.2 }, groups: 6 },
  { key: 'musical', share: 0.1, kinds: { musical: 9, theatre: 1, comedy: 1 }, otherKinds: 0.15, seat: 0.6, phases: { onsale: 2.5, rush: 0.5 }, groups: 1.2 },
  { key: 'sports', share: 0.07, kinds: { sports: 9, festival: 1.5, concert: 0.5 }, otherKinds: 0.1, seat: -0.2, phases: { rush: 2, subscription: 0.3 }, groups: 1.5 },
  // Buys a bit of everything: keeps the clusters from being tidier than a real audience.
  { key: 'all_rounder', share: 0.11, kinds: {}, otherKinds: 1, seat: 0, phases: {}, groups: 1 },
];

/** What the seed knows of a sale when it picks the buyer. */
export interface SaleTraits {
  kind: SaleKind;
  /** 0 for the most expensive seat category, 1 for the cheapest (0.5 when there is one category). */
  seatRank: number;
  phase: SalePhase;
  quantity: number;
}

/** Relative chance that `persona` is the buyer of a sale with these traits (before its share). */
export function personaFit(persona: Persona, sale: SaleTraits): number {
  const kind = sale.kind === 'product' ? 1 : (persona.kinds[sale.kind] ?? persona.otherKinds);
  const seat = Math.exp(persona.seat * (1 - 2 * sale.seatRank));
  const phase = persona.phases[sale.phase] ?? 1;
  const group = sale.quantity >= 3 ? persona.groups : 1;
  return kind * seat * phase * group;
}

// The catalog of one partner as plain data: venues, halls, events, customers and ticket sales.
// Pure (no database), so it is fast to test and the same seed key always yields the same plan;
// catalog.ts writes it.
//
// Every part draws from its own forked stream (production n, date k, product i, ...), so changing
// how one production is generated does not reshuffle the rest of the catalog.
import { specCategory } from './categories';
import { createRng, type Rng } from './random';
import { Buyers } from './buyers';
import type { Persona } from './personas';
import {
  DAY_MS,
  HOUR_MS,
  performanceProfile,
  productionDemand,
  samplePhase,
  sampleSaleTime,
  type SalesProfile,
} from './booking-curve';
import {
  HALL_NAMES,
  annualPassTitle,
  citiesFor,
  postcodeIn,
  seasonPassTitle,
  showTitle,
  venueName,
  voucherTitle,
  type City,
  type HallKind,
  type Language,
  type ShowCategory,
} from './names';
import {
  priceSchemeFor,
  quantityFor,
  seatCategoryIndex,
  ticketTypeFor,
  topPrice,
  unitPriceMinor,
  type PriceScheme,
  type TicketType,
} from './pricing';
import { planProfiles, planProperties, planSaleDetails, type PlannedProfiles, type PlannedProperties, type PlannedSaleDetails } from './profiles';

export type Scale = 'demo' | 'bench';

export interface PartnerInfo {
  id: number;
  currency: string;
  language: Language;
  product: 'prisma' | 'full-service';
}

export interface PlanOptions {
  scale: Scale;
  now: Date;
  seedKey: string;
  /**
   * Who buys (personas.ts): the demo's personas unless given. Another set is another buying
   * regime for the evaluations (bench/packages-eval.ts); what is played and sold stays the same.
   */
  personas?: readonly Persona[];
}

/** Categories of sellable shows, plus the two the spec treats specially (spec 1 §2.9). */
export const SHOW_CATEGORIES = [
  'concert', 'classical', 'theatre', 'musical', 'comedy', 'opera', 'dance', 'sports', 'festival', 'kids',
] as const;
export type EventCategory = (typeof SHOW_CATEGORIES)[number] | 'product' | 'uncategorized';

export type FrontendStatus = 'DEFAULT' | 'FLAGGED' | 'HIDDEN' | 'CANCELLED';
export type Source = 'api' | 'manual';

export interface PlannedVenue {
  name: string;
  city: string;
  location: string;
}

export interface PlannedHall {
  venueIdx: number;
  /** 0 = the venue's main hall, then smaller ones (studio, chamber hall). */
  slot: number;
  name: string;
  kind: HallKind;
  capacity: number;
  scheme: PriceScheme;
}

export interface PlannedEvent {
  id: string;
  eid: string;
  title: string;
  /** spec 3 category as stored (see ./categories); `kind` is how the seed planned it. */
  category: string;
  kind: EventCategory;
  startMs: number;
  /** Index into halls; null for products (a voucher has no hall). */
  hallIdx: number | null;
  capacity: number;
  frontendStatus: FrontendStatus;
  source: Source;
}

/** Customers in insertion order (by sign-up time, so ids grow with time like a real shop's). */
export interface PlannedCustomers {
  externalId: string[];
  postalCode: string[];
  city: string[];
  birthYear: (number | null)[];
  createdAtMs: number[];
}

/** Ticket sales, column-wise (a bench plan holds over a million), ordered by sold_at. */
export interface PlannedSales {
  event: number[];
  /** Index into customers; -1 for manual sales entries, which have no buyer. */
  customer: number[];
  soldAtMs: number[];
  quantity: number[];
  ticketType: TicketType[];
  priceCategory: string[];
  amountMinor: number[];
  source: Source[];
}

export interface CatalogPlan {
  venues: PlannedVenue[];
  halls: PlannedHall[];
  events: PlannedEvent[];
  customers: PlannedCustomers;
  sales: PlannedSales;
  /** Profile columns of `customers`, same order (./profiles.ts). */
  profiles: PlannedProfiles;
  properties: PlannedProperties;
  /** Invoice, payment, seat and discount of each of `sales`, same order. */
  saleDetails: PlannedSaleDetails;
}

// Bench: the whole database must reach 100k customers and 2M transactions with two partners.
const SCALES: Record<Scale, { events: number; customers: number; minTransactions: number }> = {
  demo: { events: 400, customers: 6_000, minTransactions: 0 },
  bench: { events: 1_500, customers: 60_000, minTransactions: 1_050_000 },
};

const YEAR_MS = 365 * DAY_MS;

// ------------------------------------------------------------------------------------ venues

/** Which hall kinds a venue of each kind has: capacity range per hall, largest first. */
const HALL_CAPACITY: Record<HallKind, [number, number][]> = {
  arena: [[8_000, 12_000], [2_500, 4_500]],
  concert_hall: [[1_700, 2_500], [300, 600], [150, 250]],
  theatre: [[800, 1_400], [300, 500], [150, 220]],
  club: [[600, 1_500], [150, 350]],
  civic: [[1_000, 2_000], [250, 500]],
  open_air: [[3_000, 6_000]],
};
const HALL_COUNT: Record<HallKind, [number, number]> = {
  arena: [1, 2], concert_hall: [2, 3], theatre: [2, 3], club: [1, 2], civic: [1, 2], open_air: [1, 1],
};
// The first four kinds host every category, so a partner with four venues can still play them all.
const VENUE_KINDS: HallKind[] = ['concert_hall', 'theatre', 'arena', 'club', 'civic', 'open_air'];

function planVenues(rng: Rng, language: Language): { venues: PlannedVenue[]; halls: PlannedHall[]; cities: City[] } {
  const count = rng.int(4, 6);
  // An organiser works around a home city: other venues are three times as likely in its region.
  const pool = rng.shuffle(citiesFor(language));
  const cities = [pool.shift() as City];
  while (cities.length < count) {
    const next = rng.weighted(pool.map((c, i) => [i, c.region === cities[0].region ? 3 : 1] as const));
    cities.push(...pool.splice(next, 1));
  }
  const venues: PlannedVenue[] = [];
  const halls: PlannedHall[] = [];
  VENUE_KINDS.slice(0, count).forEach((kind, v) => {
    const city = cities[v];
    venues.push({ name: venueName(rng, kind, city, language), city: city.name, location: `${city.region}, ${city.country}` });
    const hallCount = rng.int(...HALL_COUNT[kind]);
    for (let h = 0; h < hallCount; h++) {
      const [cmin, cmax] = HALL_CAPACITY[kind][h];
      const capacity = Math.round(rng.int(cmin, cmax) / 10) * 10;
      halls.push({
        venueIdx: v,
        slot: h,
        name: HALL_NAMES[language][kind][h],
        kind,
        capacity,
        scheme: priceSchemeFor(rng, kind, capacity, language),
      });
    }
  });
  return { venues, halls, cities };
}

// ------------------------------------------------------------------------------------ shows

/** Target share of events per category and how a production of it plays (run length, days between dates). */
interface ShowKind {
  share: number;
  run: [number, number];
  gap: [number, number];
  /** Hall kinds it plays in, weighted. */
  halls: Partial<Record<HallKind, number>>;
  /** Needs a main stage (an opera does not fit a studio stage). */
  mainStage: boolean;
}
const SHOWS: Record<Exclude<ShowCategory, 'uncategorized'>, ShowKind> = {
  concert: { share: 0.22, run: [1, 1], gap: [1, 1], halls: { club: 4, civic: 2, concert_hall: 1, arena: 0.6, open_air: 0.5 }, mainStage: false },
  classical: { share: 0.12, run: [1, 2], gap: [1, 1], halls: { concert_hall: 6, civic: 1 }, mainStage: false },
  theatre: { share: 0.16, run: [4, 12], gap: [2, 9], halls: { theatre: 6, civic: 1 }, mainStage: false },
  musical: { share: 0.1, run: [6, 18], gap: [1, 2], halls: { theatre: 3, civic: 2 }, mainStage: true },
  comedy: { share: 0.12, run: [1, 2], gap: [1, 1], halls: { club: 3, civic: 3, theatre: 1, arena: 0.3 }, mainStage: false },
  opera: { share: 0.07, run: [3, 8], gap: [3, 10], halls: { theatre: 6 }, mainStage: true },
  dance: { share: 0.05, run: [2, 6], gap: [1, 7], halls: { theatre: 4, civic: 1 }, mainStage: false },
  sports: { share: 0.06, run: [1, 1], gap: [1, 1], halls: { arena: 3, civic: 2 }, mainStage: true },
  festival: { share: 0.02, run: [2, 3], gap: [1, 1], halls: { open_air: 4, arena: 1 }, mainStage: true },
  kids: { share: 0.08, run: [2, 5], gap: [1, 7], halls: { theatre: 2, civic: 2, club: 1 }, mainStage: false },
};
// Productions are drawn with weight share / mean run length, so long runs do not crowd out concerts.
const PRODUCTION_WEIGHTS: [Exclude<ShowCategory, 'uncategorized'>, number][] = SHOW_CATEGORIES.map((c) => [
  c,
  SHOWS[c].share / ((SHOWS[c].run[0] + SHOWS[c].run[1]) / 2),
]);

// Fewer indoor shows in high summer, more concerts in December; festivals only May–September.
const MONTH_WEIGHT = [1, 1, 1, 1, 0.95, 0.8, 0.45, 0.55, 0.95, 1, 1, 1.1];
const FESTIVAL_MONTH_WEIGHT = [0, 0, 0, 0, 0.6, 1, 1, 1, 0.5, 0, 0, 0];
// Sunday 0 .. Saturday 6: weekends sell, Mondays are dark days in most theatres.
const WEEKDAY_WEIGHT = [0.7, 0.3, 0.5, 0.6, 0.8, 1, 1];

interface TimeWindow {
  startMs: number;
  endMs: number;
  nowMs: number;
}

/** A day (UTC midnight) for the first date of a production: fewer events announced beyond a year ahead. */
function sampleDay(rng: Rng, w: TimeWindow, category: ShowCategory): number {
  for (;;) {
    const t = rng.float(w.startMs, w.endMs);
    const day = Math.floor(t / DAY_MS) * DAY_MS;
    const d = new Date(day);
    const horizon = day > w.nowMs + YEAR_MS ? 0.35 : 1;
    const season = (category === 'festival' ? FESTIVAL_MONTH_WEIGHT : MONTH_WEIGHT)[d.getUTCMonth()];
    if (rng.next() < horizon * season * WEEKDAY_WEIGHT[d.getUTCDay()]) return day;
  }
}

/** Start time of day in ms: evenings 18:00–20:30 UTC; children's shows and festivals in the afternoon. */
function startOffset(rng: Rng, category: ShowCategory, weekday: number): number {
  const minutes =
    category === 'kids' ? rng.pick([14 * 60, 15 * 60, 16 * 60])
    : category === 'festival' ? rng.pick([16 * 60, 17 * 60, 18 * 60])
    : category === 'classical' && weekday === 0 && rng.chance(0.25) ? 10 * 60 // Sunday matinee
    : rng.weighted([[18 * 60, 1], [18 * 60 + 30, 1], [19 * 60, 3], [19 * 60 + 30, 3], [20 * 60, 1.5], [20 * 60 + 30, 0.5]]);
  return minutes * 60_000;
}

function pickHall(rng: Rng, halls: PlannedHall[], prefs: Partial<Record<HallKind, number>>, mainStage = false): number {
  const options: [number, number][] = [];
  halls.forEach((h, i) => {
    const w = prefs[h.kind];
    if (w) options.push([i, w * (mainStage ? [1, 0.15, 0.02][h.slot] : 1)]);
  });
  return options.length ? rng.weighted(options) : rng.int(0, halls.length - 1);
}

// ------------------------------------------------------------------------------------ sales

class SalesBuilder {
  readonly cols: PlannedSales = {
    event: [], customer: [], soldAtMs: [], quantity: [], ticketType: [], priceCategory: [], amountMinor: [], source: [],
  };

  push(event: number, customer: number, soldAtMs: number, quantity: number, ticketType: TicketType, priceCategory: string, amountMinor: number, source: Source): void {
    const c = this.cols;
    c.event.push(event);
    c.customer.push(customer);
    c.soldAtMs.push(soldAtMs);
    c.quantity.push(quantity);
    c.ticketType.push(ticketType);
    c.priceCategory.push(priceCategory);
    c.amountMinor.push(amountMinor);
    c.source.push(source);
  }
}

interface ShowSale {
  soldAtMs: number;
  customer: number;
  quantity: number;
  type: TicketType;
  label: string;
  amount: number;
}

/**
 * The purchases of one show until `now`: baskets are drawn until the final share of capacity is
 * reached, so cumulative sales never exceed capacity; future events keep only those already made.
 */
function showSales(rng: Rng, p: SalesProfile, startMs: number, capacity: number, scheme: PriceScheme, buyers: Buyers, nowMs: number): ShowSale[] {
  const top = topPrice(rng, p.category);
  const target = Math.round(p.finalShare * capacity);
  const out: ShowSale[] = [];
  for (let sold = 0; sold < target; ) {
    const phase = samplePhase(rng, p);
    const type = ticketTypeFor(rng, p.category, phase);
    const quantity = Math.min(quantityFor(rng, p.category, type), target - sold);
    sold += quantity;
    const soldAtMs = sampleSaleTime(rng, p, phase, startMs);
    const seat = seatCategoryIndex(rng, scheme);
    const traits = { kind: p.category, seatRank: scheme.labels.length > 1 ? seat / (scheme.labels.length - 1) : 0.5, phase, quantity };
    const customer = phase === 'subscription' ? buyers.subscriber(rng, traits) : buyers.any(rng, traits);
    if (soldAtMs > nowMs) continue;
    out.push({ soldAtMs, customer, quantity, type, label: scheme.labels[seat], amount: quantity * unitPriceMinor(top, scheme.factors[seat], type) });
  }
  return out;
}

// ------------------------------------------------------------------------------------ plan

interface Draft {
  title: string;
  category: EventCategory;
  startMs: number;
  hallIdx: number | null;
  capacity: number;
  source: Source;
  /** Sales of this event, until now. */
  sales: ShowSale[];
  manual: boolean;
}

/** What the planning steps share while they add events. */
interface PlanContext {
  partner: PartnerInfo;
  win: TimeWindow;
  halls: PlannedHall[];
  /** City of each venue, by venue index. */
  cities: City[];
  buyers: Buyers;
  drafts: Draft[];
  /** `hall:day` keys already taken: one event per hall and day. */
  busy: Set<string>;
  transactions: number;
}

const hallDay = (hallIdx: number, ms: number) => `${hallIdx}:${Math.floor(ms / DAY_MS)}`;

/** One date of a show in a hall, with its sales up to now. */
function addShow(
  ctx: PlanContext,
  rng: Rng,
  show: { title: string; category: ShowCategory; hallIdx: number; startMs: number; demand: number; premiere: boolean; manual: boolean },
): void {
  const hall = ctx.halls[show.hallIdx];
  const weekday = new Date(show.startMs).getUTCDay();
  const p = performanceProfile(rng, show.category, show.demand, { weekend: weekday === 5 || weekday === 6, premiere: show.premiere });
  // Most shows use the whole hall; some block seats (stage set-up, sight lines).
  const capacity = rng.chance(0.7) ? hall.capacity : Math.round((hall.capacity * rng.float(0.75, 0.95)) / 10) * 10;
  let sales = showSales(rng, p, show.startMs, capacity, hall.scheme, ctx.buyers, ctx.win.nowMs);
  if (show.manual) sales = weeklyManualEntries(sales);
  ctx.transactions += sales.length;
  ctx.busy.add(hallDay(show.hallIdx, show.startMs));
  ctx.drafts.push({
    title: show.title,
    category: show.category,
    startMs: show.startMs,
    hallIdx: show.hallIdx,
    capacity,
    source: show.manual ? 'manual' : 'api',
    sales,
    manual: show.manual,
  });
}

/** Products (spec 1 §2.9): gift vouchers valid to the year end, season passes from 1 September. */
function planProducts(ctx: PlanContext, rng: Rng): void {
  const { language, currency } = ctx.partner;
  const year = new Date(ctx.win.nowMs).getUTCFullYear();
  const products: Product[] = [];
  for (const y of [year - 2, year - 1, year]) {
    const value = rng.fork(`voucher:${y}`).pick([25, 50, 100]);
    products.push({ title: voucherTitle(language, value, currency), startMs: Date.UTC(y, 11, 31), kind: 'voucher', price: value });
  }
  for (const y of [year - 2, year - 1, year, year + 1]) {
    const r = rng.fork(`pass:${y}`);
    products.push({ title: seasonPassTitle(r, language, y), startMs: Date.UTC(y, 8, 1), kind: 'pass', price: r.int(120, 180) });
  }
  products.push({ title: annualPassTitle(language, year + 1), startMs: Date.UTC(year + 1, 0, 1), kind: 'pass', price: 180 });

  products.forEach((prod, i) => {
    if (prod.startMs < ctx.win.startMs || prod.startMs > ctx.win.endMs) return;
    const sales = productSales(rng.fork(`product:${i}`), prod, ctx.buyers, ctx.win.nowMs);
    ctx.transactions += sales.length;
    ctx.drafts.push({
      title: prod.title,
      category: 'product',
      startMs: prod.startMs,
      hallIdx: null,
      capacity: prod.kind === 'voucher' ? 1000 : 600, // a sales limit; products have no hall
      source: 'api',
      sales,
      manual: false,
    });
  });
}

/** Single events that fit no category, and the organiser's own simulated (manual) events. */
function planOneOffs(ctx: PlanContext, root: Rng): void {
  for (let i = 0; i < 6; i++) {
    const rng = root.fork(`uncategorized:${i}`);
    const hallIdx = pickHall(rng, ctx.halls, { civic: 2, club: 1, concert_hall: 1 });
    let day = sampleDay(rng, ctx.win, 'uncategorized');
    while (ctx.busy.has(hallDay(hallIdx, day))) day = sampleDay(rng, ctx.win, 'uncategorized');
    const startMs = day + startOffset(rng, 'uncategorized', new Date(day).getUTCDay());
    const title = showTitle(rng, 'uncategorized', ctx.partner.language, new Date(day).getUTCFullYear(), ctx.cities[ctx.halls[hallIdx].venueIdx]);
    addShow(ctx, rng, { title, category: 'uncategorized', hallIdx, startMs, demand: productionDemand(rng, 'uncategorized'), premiere: false, manual: false });
  }
  // Simulations (spec 1 §2.10, id contains '-sim-'): mostly upcoming, a few already played.
  // They may share a hall and day with a real show: a simulation is a what-if, not a booking.
  for (let i = 0; i < 10; i++) {
    const rng = root.fork(`sim:${i}`);
    const category = rng.pick(['concert', 'comedy', 'theatre', 'classical', 'musical'] as const);
    const hallIdx = pickHall(rng, ctx.halls, SHOWS[category].halls, SHOWS[category].mainStage);
    const offsetDays = i < 7 ? rng.float(20, 330) : -rng.float(30, 500);
    const day = Math.floor((ctx.win.nowMs + offsetDays * DAY_MS) / DAY_MS) * DAY_MS;
    const startMs = day + startOffset(rng, category, new Date(day).getUTCDay());
    const title = showTitle(rng, category, ctx.partner.language, new Date(day).getUTCFullYear(), ctx.cities[ctx.halls[hallIdx].venueIdx]);
    addShow(ctx, rng, { title, category, hallIdx, startMs, demand: productionDemand(rng, category), premiere: false, manual: true });
  }
}

/**
 * Productions until the scale's targets are met: a production is one show in one hall with one
 * or more dates (a musical plays for weeks, a band one night), sharing title and demand level.
 */
function planProductions(ctx: PlanContext, root: Rng, target: { events: number; minTransactions: number }): void {
  for (let n = 0; ctx.drafts.length < target.events || ctx.transactions < target.minTransactions; n++) {
    if (n > 100_000) throw new Error('seed: cannot place enough events');
    const prod = root.fork(`production:${n}`);
    const category = prod.weighted(PRODUCTION_WEIGHTS);
    const show = SHOWS[category];
    const hallIdx = pickHall(prod, ctx.halls, show.halls, show.mainStage);
    const demand = productionDemand(prod, category);
    let day = sampleDay(prod, ctx.win, category);
    const title = showTitle(prod, category, ctx.partner.language, new Date(day).getUTCFullYear(), ctx.cities[ctx.halls[hallIdx].venueIdx]);
    const runLength = prod.int(show.run[0], show.run[1]);
    for (let k = 0; k < runLength; k++, day += prod.int(show.gap[0], show.gap[1]) * DAY_MS) {
      const rng = prod.fork(`date:${k}`);
      const weekday = new Date(day).getUTCDay();
      if (runLength > 2 && weekday === 1) continue; // dark Monday
      const startMs = day + startOffset(rng, category, weekday);
      if (startMs < ctx.win.startMs || startMs > ctx.win.endMs || ctx.busy.has(hallDay(hallIdx, day))) continue;
      addShow(ctx, rng, { title, category, hallIdx, startMs, demand, premiere: k === 0 && runLength > 2, manual: false });
    }
  }
}

export function planCatalog(partner: PartnerInfo, opts: PlanOptions): CatalogPlan {
  const scale = SCALES[opts.scale];
  const root = createRng(`${opts.seedKey}/partner:${partner.id}/${opts.scale}`);
  const nowMs = opts.now.getTime();
  const start = new Date(nowMs);
  start.setUTCFullYear(start.getUTCFullYear() - 3);
  const end = new Date(nowMs);
  end.setUTCFullYear(end.getUTCFullYear() + 2);

  const { venues, halls, cities } = planVenues(root.fork('venues'), partner.language);
  const ctx: PlanContext = {
    partner,
    win: { startMs: start.getTime(), endMs: end.getTime(), nowMs },
    halls,
    cities,
    buyers: new Buyers(root.fork('buyers'), scale.customers, root.fork('tastes'), opts.personas),
    drafts: [],
    busy: new Set(),
    transactions: 0,
  };
  planProducts(ctx, root.fork('products'));
  planOneOffs(ctx, root);
  planProductions(ctx, root, scale);

  const { drafts } = ctx;
  const order = drafts.map((_, i) => i).sort((a, b) => drafts[a].startMs - drafts[b].startMs);
  const events = finishEvents(root.fork('status'), partner.id, order.map((d) => drafts[d]), nowMs);
  const customers = planCustomers(root.fork('customers'), partner.id, partner.language, cities, scale.customers, drafts, ctx.win);
  const sales = collectSales(order, drafts, customers.slotToIndex);
  // Forked streams of their own: the profile details change nothing drawn above.
  const profiles = planProfiles(root.fork('profiles'), partner.language, customers.plan);
  const properties = planProperties(root.fork('properties'), partner.language, customers.plan, profiles, events, sales);
  const saleDetails = planSaleDetails(root.fork('sale-details'), partner.id, partner.language, events, halls, sales);
  return { venues, halls, events, customers: customers.plan, sales, profiles, properties, saleDetails };
}

/** Manual sales of a simulated event: weekly totals typed in by the organiser, no buyer. */
function weeklyManualEntries(sales: ShowSale[]): ShowSale[] {
  const weeks = new Map<number, ShowSale>();
  for (const s of sales) {
    const week = Math.floor(s.soldAtMs / (7 * DAY_MS));
    const w = weeks.get(week);
    if (w) {
      w.quantity += s.quantity;
      w.amount += s.amount;
      w.soldAtMs = Math.max(w.soldAtMs, s.soldAtMs);
    } else {
      weeks.set(week, { ...s, customer: -1, type: 'regular' });
    }
  }
  return [...weeks.values()];
}

interface Product {
  title: string;
  /** The product's date: a voucher's expiry, a pass's first day. */
  startMs: number;
  kind: 'voucher' | 'pass';
  /** Price in major currency units. */
  price: number;
}

/** Small volumes: gift vouchers peak before Christmas, passes sell over the months before the season. */
function productSales(rng: Rng, { kind, startMs: dateMs, price }: Product, buyers: Buyers, nowMs: number): ShowSale[] {
  const count = kind === 'voucher' ? rng.int(60, 250) : rng.int(40, 160);
  const out: ShowSale[] = [];
  for (let made = 0; made < count; ) {
    const t = dateMs - rng.float(0, 330) * DAY_MS;
    const d = new Date(t);
    const christmas = (d.getUTCMonth() === 10 && d.getUTCDate() >= 15) || (d.getUTCMonth() === 11 && d.getUTCDate() <= 24);
    if (kind === 'voucher' && !christmas && rng.chance(0.75)) continue;
    made++;
    const soldAtMs = Math.floor(t / HOUR_MS) * HOUR_MS + rng.int(0, 3599) * 1000;
    const quantity = kind === 'voucher' && rng.chance(0.2) ? 2 : 1;
    const traits = { kind: 'product', seatRank: 0.5, phase: 'body', quantity } as const;
    const customer = kind === 'pass' ? buyers.subscriber(rng, traits) : buyers.any(rng, traits);
    if (soldAtMs > nowMs) continue; // not sold yet
    out.push({ soldAtMs, customer, quantity, type: kind === 'pass' ? 'subscription' : 'regular', label: '1', amount: quantity * price * 100 });
  }
  return out;
}

/** Assign ids in date order (spec 1 §2.10: manual events carry '-sim-'), and set a few statuses. */
function finishEvents(rng: Rng, partnerId: number, sorted: Draft[], nowMs: number): PlannedEvent[] {
  const events: PlannedEvent[] = sorted.map((draft, i) => {
    const seq = String(i + 1).padStart(5, '0');
    return {
      id: draft.manual ? `e${partnerId}-sim-${seq}` : `e${partnerId}-${seq}`,
      eid: draft.manual ? `SIM-${partnerId}-${i + 1}` : `TIX-${partnerId}-${i + 1}`,
      title: draft.title,
      category: specCategory(draft.category, draft.title),
      kind: draft.category,
      startMs: draft.startMs,
      hallIdx: draft.hallIdx,
      capacity: draft.capacity,
      frontendStatus: 'DEFAULT',
      source: draft.source,
    };
  });
  const shows = events.filter((e) => e.source === 'api' && e.category !== 'product');
  // Flags and cancellations concern what is still to come; hidden events can be anything.
  const upcoming = rng.shuffle(shows.filter((e) => e.startMs > nowMs && e.startMs < nowMs + 180 * DAY_MS));
  upcoming.slice(0, 6).forEach((e) => (e.frontendStatus = 'FLAGGED'));
  upcoming.slice(6, 8).forEach((e) => (e.frontendStatus = 'CANCELLED'));
  rng.shuffle(shows.filter((e) => e.frontendStatus === 'DEFAULT')).slice(0, 5).forEach((e) => (e.frontendStatus = 'HIDDEN'));
  return events;
}

function planCustomers(
  rng: Rng,
  partnerId: number,
  language: Language,
  venueCities: City[],
  n: number,
  drafts: Draft[],
  win: TimeWindow,
): { plan: PlannedCustomers; slotToIndex: Int32Array } {
  // A customer signs up with their first purchase.
  const first = new Float64Array(n).fill(Infinity);
  for (const d of drafts) for (const s of d.sales) if (s.customer >= 0 && s.soldAtMs < first[s.customer]) first[s.customer] = s.soldAtMs;

  const allCities = citiesFor(language);
  const slots = Array.from({ length: n }, (_, slot) => {
    // Most buyers live near a venue; the rest travel in from elsewhere in the country.
    const city = rng.chance(0.75) ? rng.pick(venueCities) : rng.pick(allCities);
    const createdAtMs = Number.isFinite(first[slot]) ? first[slot] - rng.int(60, 1800) * 1000 : rng.float(win.startMs - YEAR_MS, win.nowMs);
    const birthYear = rng.chance(0.12) ? null : Math.round(Math.min(2008, Math.max(1935, rng.normal(1974, 15))));
    return { slot, city: city.name, postalCode: postcodeIn(rng, city, language), birthYear, createdAtMs };
  });
  slots.sort((a, b) => a.createdAtMs - b.createdAtMs);

  const slotToIndex = new Int32Array(n);
  const plan: PlannedCustomers = { externalId: [], postalCode: [], city: [], birthYear: [], createdAtMs: [] };
  slots.forEach((s, i) => {
    slotToIndex[s.slot] = i;
    plan.externalId.push(`C${partnerId}-${String(i + 1).padStart(6, '0')}`);
    plan.postalCode.push(s.postalCode);
    plan.city.push(s.city);
    plan.birthYear.push(s.birthYear);
    plan.createdAtMs.push(s.createdAtMs);
  });
  return { plan, slotToIndex };
}

/** All sales in sold_at order, so transaction ids grow with time like a real ticketing feed. */
function collectSales(order: number[], drafts: Draft[], slotToIndex: Int32Array): PlannedSales {
  const eventOf = new Int32Array(drafts.length);
  order.forEach((d, i) => (eventOf[d] = i));
  // Sort an index over (draft, sale) pairs rather than a million wrapper objects.
  const total = drafts.reduce((n, d) => n + d.sales.length, 0);
  const draftOf = new Int32Array(total);
  const saleOf = new Int32Array(total);
  const soldAt = new Float64Array(total);
  let k = 0;
  drafts.forEach((draft, d) =>
    draft.sales.forEach((s, i) => {
      draftOf[k] = d;
      saleOf[k] = i;
      soldAt[k++] = s.soldAtMs;
    }),
  );
  const idx = new Uint32Array(total).map((_, i) => i);
  idx.sort((a, b) => soldAt[a] - soldAt[b] || eventOf[draftOf[a]] - eventOf[draftOf[b]]);

  const out = new SalesBuilder();
  for (const j of idx) {
    const draft = drafts[draftOf[j]];
    const s = draft.sales[saleOf[j]];
    out.push(eventOf[draftOf[j]], s.customer < 0 ? -1 : slotToIndex[s.customer], s.soldAtMs, s.quantity, s.type, s.label, s.amount, draft.source);
  }
  return out.cols;
}

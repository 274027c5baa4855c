// What the Meta sandbox delivers for one ad set on one day (issue 22 "Delivery"). Pure and
// deterministic: the same ad set, day and state give the same figures on every machine, so the
// demo, the journeys and the attribution proof can rely on them. The model, in short:
//
// - Pacing: the rest of the lifetime budget spread over the days left, ±15 % from day to day;
//   never above what is left, nothing while paused or outside the runtime.
// - Price: a CPM between about 5 and 12 (currency units per 1,000 impressions) that rises as the
//   audience shrinks — small custom audiences are dearer to reach.
// - Clicks: a CTR of 0.8–1.2 %.
// - Purchases the platform reports: 1.5–4.5 % of clicks, higher the further the event sells below
//   its forecast (unsold seats that an ad can still fill) and lower above it.
// - Tickets the campaign caused (the truth, known only here): Meta's pixel counts every buyer who
//   saw or clicked an ad, including those who would have bought anyway, so only part of the
//   reported purchases are incremental. That share is what FD attribution must recover and what
//   META attribution overstates. Caused tickets never exceed the seats left.
import { mulberry32 } from '../../../lib/seeded-random';

export interface AdSetDayState {
  /** Stable key of the ad set (its platform id): the random stream of its days. */
  key: string;
  /** YYYY-MM-DD, the day delivered. */
  day: string;
  status: 'ACTIVE' | 'PAUSED';
  /** Inclusive days of the runtime. */
  startDay: string;
  endDay: string;
  lifetimeBudgetMinor: number;
  /** Spent on the days before `day`. */
  spentMinor: number;
  /** People the ad set can reach (custom audience size, or the radius's population). */
  audienceSize: number;
  /**
   * How far the event sells below its forecast, as a share of the forecast for the same point:
   * 0.3 = 30 % below, −0.2 = 20 % above. Clamped to [−0.5, 1].
   */
  demandGap: number;
  /** Mean paid ticket price of the event, minor units. */
  ticketPriceMinor: number;
  /** Seats still unsold before this day. */
  seatsLeft: number;
}

export interface DayDelivery {
  impressions: number;
  clicks: number;
  spendMinor: number;
  /** Purchases (tickets) the platform reports for the ad set. */
  purchases: number;
  revenueMinor: number;
  /** Tickets sold only because of the campaign (the sandbox's ground truth). */
  causedTickets: number;
}

export const NO_DELIVERY: DayDelivery = Object.freeze({ impressions: 0, clicks: 0, spendMinor: 0, purchases: 0, revenueMinor: 0, causedTickets: 0 });

/** CPM in currency units: 5 for a very large audience, up to 12 for a tiny one. */
export const CPM_FLOOR = 5;
export const CPM_RANGE = 7;
const CPM_HALF_AUDIENCE = 20_000;
const BASE_CONVERSION = 0.025;
/** Share of reported purchases that the campaign caused, at no demand gap. */
export const BASE_INCREMENTALITY = 0.55;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** A 32-bit seed from a string (FNV-1a): the ad set's stream for one day. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Binomial draw: exact for small n, a rounded normal approximation beyond. */
function binomial(rand: () => number, n: number, p: number): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  if (n <= 60) {
    let k = 0;
    for (let i = 0; i < n; i++) if (rand() < p) k++;
    return k;
  }
  const u1 = Math.max(rand(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * rand());
  return clamp(Math.round(n * p + z * Math.sqrt(n * p * (1 - p))), 0, n);
}

export function cpmMajor(audienceSize: number): number {
  return CPM_FLOOR + (CPM_RANGE * CPM_HALF_AUDIENCE) / (Math.max(0, audienceSize) + CPM_HALF_AUDIENCE);
}

export function deliverDay(s: AdSetDayState): DayDelivery {
  const day = dayNumber(s.day);
  const start = dayNumber(s.startDay);
  const end = dayNumber(s.endDay);
  const remaining = s.lifetimeBudgetMinor - s.spentMinor;
  if (s.status !== 'ACTIVE' || day < start || day > end || remaining <= 0) return NO_DELIVERY;

  const rand = mulberry32(seedOf(`${s.key}|${s.day}`));
  const daysLeft = end - day + 1;
  const spendMinor = Math.min(remaining, Math.round((remaining / daysLeft) * (0.85 + 0.3 * rand())));
  const cpmMinor = cpmMajor(s.audienceSize) * (0.9 + 0.2 * rand()) * 100;
  const impressions = Math.floor((spendMinor / cpmMinor) * 1000);
  const clicks = binomial(rand, impressions, 0.008 + 0.004 * rand());
  const gap = clamp(s.demandGap, -0.5, 1);
  const purchases = binomial(rand, clicks, BASE_CONVERSION * (1 + 0.8 * gap));
  const incrementality = clamp(BASE_INCREMENTALITY + 0.2 * gap, 0.3, 0.8);
  const causedTickets = Math.min(Math.max(0, s.seatsLeft), binomial(rand, purchases, incrementality));
  return { impressions, clicks, spendMinor, purchases, revenueMinor: purchases * Math.max(0, Math.round(s.ticketPriceMinor)), causedTickets };
}

/** Inclusive list of YYYY-MM-DD days from `from` to `to`. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = dayNumber(from); d <= dayNumber(to); d++) out.push(new Date(d * DAY_MS).toISOString().slice(0, 10));
  return out;
}

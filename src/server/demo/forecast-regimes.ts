// Booking histories with known rules, for testing the demand forecast against regimes it must
// handle without being told which one it is in. The demo generator (booking-curve.ts) has one
// rule the analogue model exploits — strong events sell early — so a model tuned on it alone
// can look far better than it is. These regimes vary what drives an event's final sales and
// when they come:
//  - strong_early: the demo's rule; the final share sets the timing (strong events sell early);
//  - independent: strength and timing independent (the timing says nothing about the final);
//  - weekly: strong weekly seasonality (weekends sell far more), timing independent;
//  - additive: every event picks up the same number of seats in the last weeks (the additive
//    baseline's own assumption), so no model should beat it by much.
// Each event sells along an exponential curve (share at d days out = final × e^(−d/τ)) with
// daily noise; all are deterministic for a seed.
import type { EventRecord } from '../engines/forecast/types';
import { mulberry32 } from '../../lib/seeded-random';

export const DAY_MS = 86_400_000;

/** The regimes must be the same on every machine. */
export const rng = mulberry32;

export interface EventSpec {
  id: string;
  category?: string;
  title?: string;
  capacity?: number;
  /** UTC day number of the start (19:00). */
  startDay: number;
  finalShare: number;
  /** Days the curve takes: sold share at d days out = final × exp(−d / tau). Default: strong sells early. */
  tau?: number;
  saleDays?: number;
  hallId?: number;
  venueId?: number;
  learnable?: boolean;
  /** Drop sales made fewer than this many days before the start (an event still selling). */
  soldUntilDaysOut?: number;
  /** Daily noise source (±15 % per day); none for a smooth curve. */
  noise?: () => number;
}

/** One event's record with daily sales following its curve. */
export function makeEvent(s: EventSpec): EventRecord {
  const capacity = s.capacity ?? 500;
  const saleDays = s.saleDays ?? 120;
  const tau = s.tau ?? 20 + 60 * s.finalShare;
  const total = Math.round(s.finalShare * capacity);
  const frac = (d: number) => (d >= saleDays ? Math.exp(-saleDays / tau) : Math.exp(-d / tau));
  const days: number[] = [];
  const qty: number[] = [];
  let sold = 0;
  for (let d = saleDays; d >= 0; d--) {
    const upTo = frac(d);
    const before = d === saleDays ? 0 : frac(d + 1);
    const jitter = s.noise ? 1 + 0.3 * (s.noise() - 0.5) : 1;
    let q = Math.round(total * (upTo - before) * jitter);
    if (d === 0) q = total - sold; // ends exactly at the final share
    q = Math.max(0, Math.min(q, total - sold));
    if (q > 0 && d >= (s.soldUntilDaysOut ?? 0)) {
      days.push(s.startDay - d);
      qty.push(q);
    }
    sold += q;
  }
  return {
    id: s.id,
    title: s.title ?? s.id,
    category: s.category ?? 'theatre',
    venueId: s.venueId ?? 1,
    hallId: s.hallId ?? 1,
    capacity,
    startMs: s.startDay * DAY_MS + 19 * 3_600_000,
    learnable: s.learnable ?? true,
    saleDays: days,
    saleQty: qty,
  };
}

export const REGIMES = ['strong_early', 'independent', 'weekly', 'additive'] as const;
export type Regime = (typeof REGIMES)[number];

export interface RegimeOptions {
  seed?: number;
  /** Days between two events (1: every day of the week is played). */
  spacing?: number;
  category?: string;
  prefix?: string;
  /** UTC day number of the first event. */
  firstDay?: number;
}

/** Sunday … Saturday: weekends sell out, early-week evenings stay half empty. */
const WEEKDAY_SHARE = [0.7, 0.3, 0.35, 0.4, 0.5, 0.9, 0.95];

/** `n` finished events of `regime`, one every `spacing` days. */
export function regimeHistory(regime: Regime, n: number, opts: RegimeOptions = {}): EventRecord[] {
  const r = rng(opts.seed ?? 1);
  const first = opts.firstDay ?? 20_000;
  const spacing = opts.spacing ?? 2;
  return Array.from({ length: n }, (_, i) => {
    const startDay = first + i * spacing;
    const weekday = (startDay + 4) % 7; // day 0 (1970-01-01) was a Thursday
    let finalShare: number;
    let tau: number | undefined;
    switch (regime) {
      case 'strong_early':
        finalShare = 0.25 + 0.75 * r();
        break;
      case 'independent':
        finalShare = 0.25 + 0.75 * r();
        tau = 20 + 60 * r();
        break;
      case 'weekly':
        finalShare = Math.min(1, Math.max(0.1, WEEKDAY_SHARE[weekday] + 0.16 * (r() - 0.5)));
        tau = 20 + 60 * r();
        break;
      case 'additive':
        // A share sold long before (subscriptions, groups) plus the same late pickup for every event.
        finalShare = 0.2 + 0.5 * r() + 0.25;
        tau = undefined;
        break;
    }
    const e = makeEvent({ id: `${opts.prefix ?? 'h'}${i}`, category: opts.category ?? 'theatre', startDay, finalShare, tau, noise: r });
    if (regime !== 'additive') return e;
    return additiveEvent(e, finalShare - 0.25, startDay, r);
  });
}

/** The additive regime's curve: the early block 90–120 days out, then 25 % of capacity over the last 30 days. */
function additiveEvent(e: EventRecord, early: number, startDay: number, r: () => number): EventRecord {
  const cap = e.capacity;
  const days: number[] = [];
  const qty: number[] = [];
  const earlyTickets = Math.round(early * cap);
  for (let k = 0; k < 10; k++) {
    days.push(startDay - 90 - 3 * k);
    qty.push(Math.round(earlyTickets / 10));
  }
  const late = Math.round(0.25 * cap);
  let left = late;
  for (let d = 30; d >= 0 && left > 0; d--) {
    const q = d === 0 ? left : Math.min(left, Math.round((late / 31) * (0.7 + 0.6 * r())));
    days.push(startDay - d);
    qty.push(q);
    left -= q;
  }
  return { ...e, saleDays: days, saleQty: qty };
}

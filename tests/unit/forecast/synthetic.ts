// Small, deterministic booking histories for the engine's tests. Each event sells a final share
// of its capacity along an exponential curve; stronger events sell earlier (as in the demo
// data), which is what separates pickup by analogues from pickup by one average curve.
import { DAY_MS, type EventRecord } from '../../../src/server/engines/forecast/types';

export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const DAY0 = 20_000; // a UTC day number in 2024

export interface EventSpec {
  id: string;
  category?: string;
  title?: string;
  capacity?: number;
  /** UTC day number of the start (19:00). */
  startDay: number;
  finalShare: number;
  /** Days the curve takes: sold share at d days out = final × exp(−d / tau). */
  tau?: number;
  saleDays?: number;
  hallId?: number;
  venueId?: number;
  learnable?: boolean;
  /** Drop sales made fewer than this many days before the start (an event still selling). */
  soldUntilDaysOut?: number;
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

/** `n` finished events, one every `spacing` days from DAY0, shares spread over 0.25–1. */
export function history(n: number, opts: { seed?: number; spacing?: number; category?: string; prefix?: string } = {}): EventRecord[] {
  const r = rng(opts.seed ?? 1);
  return Array.from({ length: n }, (_, i) =>
    makeEvent({
      id: `${opts.prefix ?? 'h'}${i}`,
      category: opts.category ?? 'theatre',
      startDay: DAY0 + i * (opts.spacing ?? 2),
      finalShare: 0.25 + 0.75 * r(),
      noise: r,
    }),
  );
}

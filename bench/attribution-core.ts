// The scoring core of bench/attribution.ts (issue 22 "Prove it"), pure so a unit test can check it
// on a hand-made case: one simulated campaign on one event whose organic sales are known, FD's
// estimate from the counterfactual frozen at its start, and the truth (the tickets the sandbox
// says the campaign caused).
import { counterfactualSnapshot, fdEstimate, type ForecastAtPublish, type SnapshotOptions } from '../src/server/engines/delivery/counterfactual';
import { deliverDay, daysBetween } from '../src/server/engines/delivery/sandbox';
import type { EventRecord } from '../src/server/engines/forecast/types';
import { wilsonInterval } from '../tests/nlq-accuracy/wilson';

const DAY_MS = 86_400_000;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

export interface SimCampaign {
  key: string;
  /** UTC day numbers, inclusive. */
  startDay: number;
  endDay: number;
  status: 'ACTIVE' | 'PAUSED';
  budgetMinor: number;
  audienceSize: number;
  demandGap: number;
  ticketPriceMinor: number;
}

export interface CampaignScore {
  eventId: string;
  /** Tickets the campaign caused (sandbox truth). */
  truth: number;
  /** FD's estimate and 80 % interval at the end of the campaign's last day. */
  fd: number;
  low: number;
  high: number;
  /** Purchases Meta reports. */
  meta: number;
  inside: boolean;
}

/** Organic tickets of `rec` sold on the UTC days `from`..`to` (inclusive): the counterfactual truth. */
export function organicBetween(rec: EventRecord, from: number, to: number): number {
  let n = 0;
  for (let i = 0; i < rec.saleDays.length; i++) if (rec.saleDays[i]! >= from && rec.saleDays[i]! <= to) n += rec.saleQty[i]!;
  return n;
}

/**
 * One campaign on the event `rec` (its full organic sales), with the forecast as it stood at the
 * start of `c.startDay`. Null when the forecast has no path (FD cannot evaluate).
 */
export function scoreCampaign(rec: EventRecord, c: SimCampaign, forecast: ForecastAtPublish, opts: SnapshotOptions = {}): CampaignScore | null {
  const eventDay = Math.floor(rec.startMs / DAY_MS);
  const snap = counterfactualSnapshot(forecast, isoDay(c.startDay), isoDay(eventDay), opts);
  if (!snap) return null;
  let soldBefore = organicBetween(rec, -Infinity, c.startDay - 1);
  let spent = 0;
  let truth = 0;
  let meta = 0;
  for (const day of daysBetween(isoDay(c.startDay), isoDay(c.endDay))) {
    const d = deliverDay({
      key: c.key,
      day,
      status: c.status,
      startDay: isoDay(c.startDay),
      endDay: isoDay(c.endDay),
      lifetimeBudgetMinor: c.budgetMinor,
      spentMinor: spent,
      audienceSize: c.audienceSize,
      demandGap: c.demandGap,
      ticketPriceMinor: c.ticketPriceMinor,
      seatsLeft: rec.capacity - soldBefore,
    });
    spent += d.spendMinor;
    truth += d.causedTickets;
    meta += d.purchases;
    const n = dayNumber(day);
    soldBefore += d.causedTickets + organicBetween(rec, n, n);
  }
  const actual = organicBetween(rec, c.startDay, c.endDay) + truth;
  const e = fdEstimate(snap, actual, isoDay(c.endDay))!;
  // Half a ticket of slack: the band is in tenths of tickets, outcomes are whole.
  const inside = truth >= e.low - 0.5 && truth <= e.high + 0.5;
  return { eventId: rec.id, truth, fd: e.tickets, low: e.low, high: e.high, meta, inside };
}

export interface ScoreSummary {
  campaigns: number;
  /** Mean of FD − truth and mean |FD − truth|, tickets. */
  fdMeanError: number;
  fdMae: number;
  /** Share of truths inside FD's interval, with its 95 % Wilson interval (fractions). */
  coverage: number;
  coverageLow: number;
  coverageHigh: number;
  /** Mean of META − truth and mean |META − truth|. */
  metaMeanError: number;
  metaMae: number;
  meanTruth: number;
}

export function summarise(list: readonly CampaignScore[]): ScoreSummary {
  const n = list.length;
  const mean = (f: (s: CampaignScore) => number) => (n ? list.reduce((a, s) => a + f(s), 0) / n : 0);
  const inside = list.filter((s) => s.inside).length;
  const w = wilsonInterval(inside, n);
  return {
    campaigns: n,
    fdMeanError: mean((s) => s.fd - s.truth),
    fdMae: mean((s) => Math.abs(s.fd - s.truth)),
    coverage: n ? inside / n : 0,
    coverageLow: w.low,
    coverageHigh: w.high,
    metaMeanError: mean((s) => s.meta - s.truth),
    metaMae: mean((s) => Math.abs(s.meta - s.truth)),
    meanTruth: mean((s) => s.truth),
  };
}

/** Dev or hold-out, by a fixed hash (FNV-1a) of the event id: tuning looks at dev only. */
export function isHoldOut(eventId: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < eventId.length; i++) {
    h ^= eventId.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return ((h >>> 0) & 1) === 1;
}

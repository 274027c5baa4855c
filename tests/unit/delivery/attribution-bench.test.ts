// The scoring core of bench/attribution.ts (issue 22 "Prove it") on a hand-made event whose
// organic sales are known: 10 tickets every day. If the bench mixed up the counterfactual truth,
// the days of the campaign or FD's sign, these numbers would move.
import { describe, expect, it } from 'vitest';
import { isHoldOut, organicBetween, scoreCampaign, summarise, type CampaignScore, type SimCampaign } from '../../../bench/attribution-core';
import type { EventRecord } from '../../../src/server/engines/forecast/types';

const DAY_MS = 86_400_000;
const EVENT_DAY = 20_100;
const S = 20_080; // campaign start and forecast day: 20 days out
const days = Array.from({ length: EVENT_DAY - 19_990 }, (_, i) => 19_990 + i);
const rec: EventRecord = {
  id: 'hand',
  title: 'Hand-made',
  category: 'theatre',
  venueId: 1,
  hallId: 1,
  capacity: 2_000,
  startMs: EVENT_DAY * DAY_MS + 19 * 3_600_000,
  learnable: true,
  saleDays: days,
  saleQty: days.map(() => 10),
};
/** A forecast made at the start of S: 900 sold (45 %), `perDay` tickets expected each day after. */
const forecastOf = (perDay: number) => ({
  daysOut: EVENT_DAY - S,
  predictedPath: Array.from({ length: EVENT_DAY - S + 1 }, (_, i) => ((900 + perDay * i) / 2_000) * 100),
  intervalLow: null,
  intervalHigh: null,
  capacity: 2_000,
});
const campaign: SimCampaign = {
  key: 'hand-campaign',
  startDay: S,
  endDay: S + 9,
  status: 'ACTIVE',
  budgetMinor: 300_000,
  audienceSize: 50_000,
  demandGap: 0.3,
  ticketPriceMinor: 3_000,
};

describe('attribution bench scoring', () => {
  it('reads the organic truth over the inclusive days', () => {
    expect(organicBetween(rec, S, S + 9)).toBe(100);
    expect(organicBetween(rec, -Infinity, S - 1)).toBe(900);
  });

  it('a perfect forecast makes FD equal to the tickets the campaign caused', () => {
    const s = scoreCampaign(rec, campaign, forecastOf(10))!;
    expect(s.truth).toBeGreaterThan(5);
    expect(s.fd).toBe(s.truth);
    expect(s.inside).toBe(true);
    // Meta's pixel counts buyers who would have bought anyway: more than the campaign caused.
    expect(s.meta).toBeGreaterThan(s.truth);
  });

  it('a forecast that expects 5 a day instead of 10 over-attributes the 50 tickets it missed', () => {
    const perfect = scoreCampaign(rec, campaign, forecastOf(10))!;
    const low = scoreCampaign(rec, campaign, forecastOf(5))!;
    expect(low.truth).toBe(perfect.truth);
    expect(low.fd).toBe(perfect.truth + 50);
    // Its band (Poisson noise of 50 expected tickets: about ±9) does not reach the truth.
    expect(low.inside).toBe(false);
  });

  it('a paused campaign causes and reports nothing; FD sees only the forecast error', () => {
    const s = scoreCampaign(rec, { ...campaign, status: 'PAUSED' }, forecastOf(10))!;
    expect(s).toMatchObject({ truth: 0, meta: 0, fd: 0, inside: true });
  });

  it('summarises errors, MAE and coverage with its Wilson interval', () => {
    const list: CampaignScore[] = [
      { eventId: 'a', truth: 10, fd: 12, low: 8, high: 15, meta: 20, inside: true },
      { eventId: 'b', truth: 0, fd: -4, low: -9, high: -1, meta: 3, inside: false },
    ];
    const s = summarise(list);
    expect(s.fdMeanError).toBe(-1); // (2 − 4) / 2
    expect(s.fdMae).toBe(3);
    expect(s.metaMeanError).toBe(6.5);
    expect(s.coverage).toBe(0.5);
    expect(s.coverageLow).toBeCloseTo(0.0945, 3);
    expect(s.coverageHigh).toBeCloseTo(0.9055, 3);
  });

  it('splits events into dev and hold-out by a fixed hash of the id', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `e${i}`);
    const hold = ids.filter(isHoldOut).length;
    expect(hold).toBeGreaterThan(70);
    expect(hold).toBeLessThan(130);
    expect(ids.filter(isHoldOut)).toEqual(ids.filter(isHoldOut));
  });
});

import { describe, expect, it } from 'vitest';
import { cpmMajor, daysBetween, deliverDay, type AdSetDayState } from '../../../src/server/engines/delivery/sandbox';

const base: AdSetDayState = {
  key: 'adset_1',
  day: '2026-11-10',
  status: 'ACTIVE',
  startDay: '2026-11-01',
  endDay: '2026-11-30',
  lifetimeBudgetMinor: 300_000,
  spentMinor: 0,
  audienceSize: 50_000,
  demandGap: 0,
  ticketPriceMinor: 4_500,
  seatsLeft: 800,
};

/** Delivers every day of the runtime, carrying spend and seats over as the worker does. */
function runAll(s: AdSetDayState) {
  let spent = 0;
  let seats = s.seatsLeft;
  const out = [];
  for (const day of daysBetween(s.startDay, s.endDay)) {
    const d = deliverDay({ ...s, day, spentMinor: spent, seatsLeft: seats });
    spent += d.spendMinor;
    seats -= d.causedTickets;
    out.push(d);
  }
  return { days: out, spent, seats };
}

describe('sandbox delivery', () => {
  it('is deterministic per ad set and day, and differs between ad sets', () => {
    expect(deliverDay(base)).toEqual(deliverDay({ ...base }));
    expect(deliverDay(base)).not.toEqual(deliverDay({ ...base, key: 'adset_2' }));
  });

  it('delivers nothing while paused, before the start, after the end, or with the budget spent', () => {
    expect(deliverDay({ ...base, status: 'PAUSED' }).spendMinor).toBe(0);
    expect(deliverDay({ ...base, day: '2026-10-31' }).impressions).toBe(0);
    expect(deliverDay({ ...base, day: '2026-12-01' }).impressions).toBe(0);
    expect(deliverDay({ ...base, spentMinor: 300_000 }).spendMinor).toBe(0);
  });

  it('paces the lifetime budget over the runtime and never spends more than it', () => {
    const { days, spent } = runAll(base);
    expect(spent).toBeLessThanOrEqual(base.lifetimeBudgetMinor);
    // Pacing by what is left spends (nearly) all of it by the last day.
    expect(spent).toBeGreaterThan(base.lifetimeBudgetMinor * 0.97);
    for (const d of days) expect(d.spendMinor).toBeLessThan((base.lifetimeBudgetMinor / 30) * 1.6);
  });

  it('the last day spends at most what is left', () => {
    const d = deliverDay({ ...base, day: '2026-11-30', spentMinor: 299_000 });
    expect(d.spendMinor).toBeLessThanOrEqual(1_000);
    expect(d.spendMinor).toBeGreaterThan(0);
  });

  it('smaller audiences cost more per 1,000 impressions', () => {
    expect(cpmMajor(1_000)).toBeGreaterThan(cpmMajor(100_000));
    const small = runAll({ ...base, audienceSize: 2_000 });
    const large = runAll({ ...base, audienceSize: 500_000 });
    const imps = (r: typeof small) => r.days.reduce((s, d) => s + d.impressions, 0);
    expect(imps(large)).toBeGreaterThan(imps(small) * 1.4);
  });

  it('an event selling below its forecast converts better than one above it', () => {
    const sum = (gap: number) => {
      let p = 0;
      for (let i = 0; i < 40; i++) p += runAll({ ...base, key: `set_${i}`, demandGap: gap }).days.reduce((s, d) => s + d.purchases, 0);
      return p;
    };
    expect(sum(0.6)).toBeGreaterThan(sum(-0.4) * 1.5);
  });

  it('reports more purchases than it caused, never more caused tickets than seats, revenue at the ticket price', () => {
    const { days } = runAll(base);
    const purchases = days.reduce((s, d) => s + d.purchases, 0);
    const caused = days.reduce((s, d) => s + d.causedTickets, 0);
    expect(purchases).toBeGreaterThan(0);
    expect(caused).toBeLessThan(purchases);
    expect(caused).toBeGreaterThan(purchases * 0.3);
    for (const d of days) expect(d.revenueMinor).toBe(d.purchases * base.ticketPriceMinor);
    const full = runAll({ ...base, seatsLeft: 3 });
    expect(full.days.reduce((s, d) => s + d.causedTickets, 0)).toBeLessThanOrEqual(3);
  });

  it('clicks stay a plausible share of impressions', () => {
    const { days } = runAll(base);
    const imps = days.reduce((s, d) => s + d.impressions, 0);
    const clicks = days.reduce((s, d) => s + d.clicks, 0);
    expect(clicks / imps).toBeGreaterThan(0.007);
    expect(clicks / imps).toBeLessThan(0.013);
  });

  it('lists the days of a range inclusively', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

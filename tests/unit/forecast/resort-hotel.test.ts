// Real data we did not generate: the resort hotel's bookings (Antonio, de Almeida & Nunes, "Hotel
// booking demand datasets", Data in Brief 22 (2019) 41–49, doi:10.1016/j.dib.2018.11.126,
// CC BY 4.0), each arrival date one event (tests/fixtures/history/resort-hotel/). The model must
// not fall behind the best baseline at any horizon, and its 80 % interval must hold about 80 %.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readHistoryRecords } from '../../helpers/history-records';
import { backtestReport } from '../../../src/server/engines/forecast/report';
import { holidayCalendar } from '../../../src/server/engines/forecast/holidays';
import { BACKTEST_HORIZONS, improvement } from '../../../src/server/engines/forecast/backtest';

const DIR = path.join(import.meta.dirname, '../../fixtures/history/resort-hotel');
// After the last arrival (31 August 2017): every date has finished.
const NOW = Date.UTC(2017, 8, 1);

describe('resort hotel bookings (real data)', () => {
  const records = readHistoryRecords(DIR);
  const report = backtestReport(records, { nowMs: NOW, holidays: holidayCalendar('PT') });

  it('reads every arrival date as one event with its bookings', () => {
    expect(records).toHaveLength(793);
    expect(records.reduce((s, r) => s + Array.from(r.saleQty).reduce((a, b) => a + b, 0), 0)).toBe(28_938);
    expect(new Set(records.map((r) => r.capacity))).toEqual(new Set([116]));
  });

  it('is below the best baseline at every horizon, never significantly worse', () => {
    expect(report.result.rows.map((r) => r.horizon)).toEqual([...BACKTEST_HORIZONS]);
    for (const r of report.result.rows) {
      expect(r.events).toBeGreaterThan(600);
      const { best, reduction } = improvement(r);
      expect(reduction, `at ${r.horizon} days: model ${r.wape.model.toFixed(1)} % vs ${best} ${r.wape[best].toFixed(1)} %`).toBeGreaterThan(0);
    }
    for (const b of report.intervals) expect(b.low, `at ${b.horizon} days`).toBeLessThanOrEqual(0);
  });

  it("is at least 15 % below it at 30 days (the issue's goal), the interval of model − best baseline below 0", () => {
    expect(report.intervals.find((b) => b.horizon === 30)!.high).toBeLessThan(0);
    // Measured: 16 % below (docs/PERFORMANCE.md).
    expect(report.reductionAt(30)!).toBeGreaterThanOrEqual(15);
  });

  it('holds about 80 % of outcomes inside the 80 % interval at every horizon', () => {
    for (const r of report.result.rows) {
      expect(r.coverage!, `at ${r.horizon} days`).toBeGreaterThanOrEqual(72);
      expect(r.coverage!, `at ${r.horizon} days`).toBeLessThanOrEqual(88);
    }
  });
});

// The backtest replays finished events without leakage and scores the model against the three
// classic baselines; on a history where strong events sell earlier, the model must win.
import { describe, expect, it } from 'vitest';
import { BACKTEST_HORIZONS, improvement, runBacktest } from '../../../src/server/engines/forecast/backtest';
import { buildHistory, cutoffMs } from '../../../src/server/engines/forecast/history';
import { DEFAULT_PARAMS, MIN_REPLAY_HISTORY, replay } from '../../../src/server/engines/forecast/model';
import { DAY_MS, type EventRecord } from '../../../src/server/engines/forecast/types';
import { DAY0, history } from './synthetic';

const NOW = (DAY0 + 1000) * DAY_MS;
const records: EventRecord[] = [
  ...history(110, { category: 'theatre', prefix: 't', seed: 11, spacing: 3 }),
  ...history(110, { category: 'comedy', prefix: 'c', seed: 12, spacing: 3 }),
];

describe('runBacktest', () => {
  const result = runBacktest(records, { nowMs: NOW });

  it('replays every finished show at every horizon once enough history had finished', () => {
    expect(result.rows.map((r) => r.horizon)).toEqual([...BACKTEST_HORIZONS]);
    for (const r of result.rows) {
      const replayable = records.filter((e) => {
        const cutoff = (Math.floor(e.startMs / DAY_MS) - r.horizon) * DAY_MS;
        return records.filter((x) => x.startMs < cutoff).length >= MIN_REPLAY_HISTORY;
      });
      expect(r.events).toBe(replayable.length);
      expect(r.events).toBeGreaterThan(100);
    }
  });

  it('beats the best baseline by at least 20 % at 30 days and at every horizon', () => {
    for (const r of result.rows) {
      const { reduction } = improvement(r);
      expect(reduction, `at ${r.horizon} days`).toBeGreaterThan(0);
    }
    expect(improvement(result.rows.find((r) => r.horizon === 30)!).reduction).toBeGreaterThanOrEqual(20);
  });

  it('learns a second ridge from every training horizon, whose rows the passes share without changing any of them', () => {
    const at30 = result.items.filter((i) => i.horizon === 30);
    // Both ridges start together (the learned candidates repeat the analogue one before); once
    // fitted they disagree, the all-horizon one having learnt from other rows too.
    const differs = (a: number, b: number) => Math.abs(a - b) > 1e-9;
    const fitted = at30.filter((i) => differs(i.predicted.learned, i.predicted.analogue));
    expect(fitted.length).toBeGreaterThan(20);
    for (const i of fitted) expect(differs(i.predicted.learned_all, i.predicted.learned), i.eventId).toBe(true);
    for (const i of at30.filter((x) => !fitted.includes(x))) expect(i.predicted.learned_all).toBe(i.predicted.analogue);
    // A horizon replayed on its own (rows computed by that pass alone) gives what it gives among all.
    const alone = runBacktest(records, { nowMs: NOW, horizons: [30] }).items;
    expect(alone.map((i) => i.predicted)).toEqual(at30.map((i) => i.predicted));
  });

  it('scores WAPE in tickets: Σ|predicted − actual| / Σ actual', () => {
    const at30 = result.items.filter((i) => i.horizon === 30);
    const err = at30.reduce((s, i) => s + Math.abs(i.predicted.additive - i.actual) * i.capacity, 0);
    const act = at30.reduce((s, i) => s + i.actual * i.capacity, 0);
    expect(result.rows.find((r) => r.horizon === 30)!.wape.additive).toBeCloseTo((100 * err) / act, 6);
  });
});

describe('no leakage', () => {
  it('never compares an event with itself or with an event that had not started by the cutoff', () => {
    const h = buildHistory(records);
    for (const e of h.learnable.slice(40)) {
      const r = replay(e, 30, h, DEFAULT_PARAMS);
      expect(r).not.toBeNull();
      for (const n of r!.components.analogues) {
        expect(n.event.rec.id).not.toBe(e.rec.id);
        expect(n.event.rec.startMs).toBeLessThan(cutoffMs(e, 30));
      }
    }
  });

  it('gives the same forecast at a horizon whatever the event sold after it', () => {
    const target = 't80';
    const before = runBacktest(records, { nowMs: NOW, horizons: [30] }).items.find((i) => i.eventId === target)!;
    // The same event, with a late rush of 100 tickets 3 days before its start.
    const changed = records.map((r) =>
      r.id === target ? { ...r, saleDays: [...Array.from(r.saleDays), Math.floor(r.startMs / DAY_MS) - 3], saleQty: [...Array.from(r.saleQty), 100] } : r,
    );
    const after = runBacktest(changed, { nowMs: NOW, horizons: [30] }).items.find((i) => i.eventId === target)!;
    expect(after.actual).toBeGreaterThan(before.actual);
    expect(after.sold).toBe(before.sold);
    expect(after.predicted).toEqual(before.predicted);
  });

  it('learns only from what had happened by the cutoff: other events’ later sales change no candidate, choice or interval', () => {
    const target = 't80';
    const h = buildHistory(records);
    const cutoffDay = h.byId.get(target)!.startDay - 30;
    const run = (recs: EventRecord[]) => runBacktest(recs, { nowMs: NOW, horizons: [30] }).items.find((i) => i.eventId === target)!;
    // Every event that starts after the cutoff day sells 50 more tickets on its last day.
    const changed = records.map((r) => {
      const day = Math.floor(r.startMs / DAY_MS);
      return day <= cutoffDay ? r : { ...r, saleDays: [...Array.from(r.saleDays), day], saleQty: [...Array.from(r.saleQty), 50] };
    });
    const before = run(records);
    const after = run(changed);
    expect(after.actual).toBeGreaterThan(before.actual);
    expect(after.predicted).toEqual(before.predicted);
    expect(after.choice).toBe(before.choice);
    expect(after.interval).toEqual(before.interval);
    expect(before.interval).not.toBeNull();
  });
});

// The backtest as a table: WAPE per horizon for the model, the baselines and the model's own
// candidates, the model's lead over the best baseline with its 95 % bootstrap interval, and how
// often the 80 % interval held the outcome. Shared by `npm run backtest` and the tests that
// write docs/PERFORMANCE.md's figures, so both print the same thing.
import type { EventRecord } from './types';
import { improvement, runBacktest, type BacktestOptions, type BacktestResult } from './backtest';
import { bootstrapDifference, type BootstrapInterval } from './bootstrap';

export interface BacktestReport {
  result: BacktestResult;
  intervals: BootstrapInterval[];
  markdown: string;
  /** Percent by which the model's WAPE is below the best baseline's at `horizon` (null: no events). */
  reductionAt: (horizon: number) => number | null;
}

const pct = (x: number) => `${x.toFixed(1)} %`;
const signed = (x: number) => `${x > 0 ? '+' : x < 0 ? '−' : '±'}${Math.abs(x).toFixed(1)}`;

export function backtestTable(result: BacktestResult, intervals: readonly BootstrapInterval[]): string {
  const lines = [
    '| days out | events | model | category average | multiplicative | additive | analogue | learned | learned, all horizons | model vs best baseline | model − best, points (95 % CI) | inside 80 % interval |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of result.rows) {
    const { best, reduction } = improvement(r);
    const b = intervals.find((x) => x.horizon === r.horizon);
    const ci = b ? `${signed(b.diff)} (${signed(b.low)} to ${signed(b.high)})${b.low > 0 ? ' worse' : b.high < 0 ? '' : ' tie'}` : '—';
    // A baseline that is (almost) exact leaves nothing to be below: say so rather than print a ratio of noise.
    const vs = r.wape[best] < 0.05 ? `— (${best.replace('_', ' ')} exact)` : `${reduction >= 0 ? '−' : '+'}${Math.abs(reduction).toFixed(0)} % (${best.replace('_', ' ')})`;
    const cov = r.coverage === null ? '—' : `${r.coverage.toFixed(0)} % of ${r.withInterval}`;
    lines.push(
      `| ${r.horizon} | ${r.events} | **${pct(r.wape.model)}** | ${pct(r.wape.category_average)} | ${pct(r.wape.multiplicative)} | ${pct(r.wape.additive)} | ${pct(r.wape.analogue)} | ${pct(r.wape.learned)} | ${pct(r.wape.learned_all)} | ${vs} | ${ci} | ${cov} |`,
    );
  }
  return lines.join('\n');
}

export function backtestReport(records: readonly EventRecord[], opts: BacktestOptions): BacktestReport {
  const result = runBacktest(records, opts);
  const intervals = result.rows
    .map((r) => bootstrapDifference(result.items, r.horizon))
    .filter((b): b is BootstrapInterval => b !== null);
  return {
    result,
    intervals,
    markdown: backtestTable(result, intervals),
    reductionAt: (h) => {
      const row = result.rows.find((r) => r.horizon === h);
      return row && row.events > 0 ? improvement(row).reduction : null;
    },
  };
}

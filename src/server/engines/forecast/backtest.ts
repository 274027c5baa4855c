// The backtest: every finished show of a partner replayed as if it were `h` days before its
// start (h = 90, 60, 30, 14, 7), by the rolling-origin pass the live model is trained with
// (learner.ts). Only its sales up to then are visible, only events that had started by then
// serve as history (so never the event itself), and every learnt part — the analogue blend, the
// ridge fit, the choice among candidates, the residuals behind the interval — is the one it
// would have had at that cutoff. Each forecast is compared with what the event finally sold;
// errors are summed as WAPE = Σ|predicted − actual| / Σ actual, in tickets.
//
// Three classic baselines use category-level curves (every finished event of the category,
// equally weighted): the category's average sell-through, pure multiplicative pickup and pure
// additive pickup. All methods are clamped to [sold, capacity] and scored on the same events.
import { DAY_MS, type EventRecord } from './types';
import { buildHistory, cutoffMs, type History } from './history';
import { rollingOrigin, type LearnOptions, type RowCache } from './learner';
import { MIXES, mixLabel } from './selection';
import { baselines } from './candidates';
import { partitionHistory, populationOf, type Partition } from './segments';
import { splitHistory, unsegmented } from './segmented';
import { DEFAULT_PARAMS } from './model';
import { holidayCalendar } from './holidays';

export { baselines } from './candidates';

/**
 * Days between two decisions of the backtest's partition: an event replayed at a cutoff is
 * forecast by the populations decided at the last checkpoint before it, from the shows that had
 * finished by then (the live forecast decides every night).
 */
export const PARTITION_STEP_DAYS = 91;

/** A span of cutoffs and the partition decided at its start. */
export interface PartitionEpoch {
  fromMs: number;
  toMs: number;
  partition: Partition;
}

const sameKey = (p: Partition) => JSON.stringify(p.populations);

/**
 * The partitions the backtest uses: decided every PARTITION_STEP_DAYS from the first show on,
 * each from the shows that had finished by its checkpoint; spans with the same partition merged.
 */
export function partitionEpochs(history: History, nowMs: number, opts: LearnOptions = {}): PartitionEpoch[] {
  const first = history.learnable[0]?.rec.startMs ?? nowMs;
  const start = Math.floor(first / DAY_MS) * DAY_MS;
  const epochs: PartitionEpoch[] = [];
  for (let at = start; at < nowMs; at += PARTITION_STEP_DAYS * DAY_MS) {
    const partition = partitionHistory(history, at, { params: opts.params, holidays: opts.holidays });
    const last = epochs[epochs.length - 1];
    if (last && sameKey(last.partition) === sameKey(partition)) last.toMs = at + PARTITION_STEP_DAYS * DAY_MS;
    else epochs.push({ fromMs: epochs.length ? at : Number.NEGATIVE_INFINITY, toMs: at + PARTITION_STEP_DAYS * DAY_MS, partition });
  }
  if (epochs.length === 0) epochs.push({ fromMs: Number.NEGATIVE_INFINITY, toMs: Number.POSITIVE_INFINITY, partition: partitionHistory(history, nowMs, opts) });
  epochs[epochs.length - 1].toMs = Number.POSITIVE_INFINITY;
  return epochs;
}

export const BACKTEST_HORIZONS = [90, 60, 30, 14, 7] as const;
export const BASELINES = ['category_average', 'multiplicative', 'additive'] as const;
/** The model (what partners see), the baselines, and the model's own candidates on their own. */
export const METHODS = ['model', ...BASELINES, 'analogue', 'learned', 'learned_all'] as const;
export type Method = (typeof METHODS)[number];
export type Baseline = (typeof BASELINES)[number];

export interface BacktestItem {
  eventId: string;
  category: string;
  /** Start of the event (epoch ms): the bootstrap resamples months of starts. */
  startMs: number;
  horizon: number;
  capacity: number;
  /** Shares of capacity: sold at the cutoff, finally sold, and each method's prediction. */
  sold: number;
  actual: number;
  predicted: Record<Method, number>;
  /** What the model chose at that cutoff. */
  choice: string;
  /** The 80 % interval it showed (shares), null while too few residuals were known. */
  interval: { low: number; high: number } | null;
}

export interface BacktestRow {
  horizon: number;
  events: number;
  actualTickets: number;
  /** Percent. */
  wape: Record<Method, number>;
  /** Share (percent) of finished events inside the 80 % interval shown, and how many had one. */
  coverage: number | null;
  withInterval: number;
}

export interface BacktestResult {
  rows: BacktestRow[];
  items: BacktestItem[];
  /** The partitions the replay used, by span of cutoffs. */
  epochs: PartitionEpoch[];
}

export interface BacktestOptions extends LearnOptions {
  nowMs: number;
  horizons?: readonly number[];
  /** false: one model for every event (the model before segments). Default true. */
  segments?: boolean;
}

export function runBacktest(records: readonly EventRecord[], opts: BacktestOptions): BacktestResult {
  const horizons = opts.horizons ?? BACKTEST_HORIZONS;
  const history = buildHistory(records);
  const learnOpts = { params: opts.params ?? DEFAULT_PARAMS, holidays: opts.holidays ?? holidayCalendar() };
  const epochs: PartitionEpoch[] =
    opts.segments === false
      ? [{ fromMs: Number.NEGATIVE_INFINITY, toMs: Number.POSITIVE_INFINITY, partition: unsegmented(history) }]
      : partitionEpochs(history, opts.nowMs, learnOpts);
  const items: BacktestItem[] = [];
  // The all-horizon rows depend on the history they are read from: one cache per population's history.
  const rowCaches = new Map<string, RowCache>();
  for (const epoch of epochs) {
    const parts = splitHistory(history, epoch.partition);
    parts.forEach((part, pop) => {
      const p = epoch.partition.populations[pop];
      const key = epochs.length === 1 && parts.length === 1 ? '*' : `${p.units.join(',')}|${p.borrowed.join(',')}`;
      let rows = rowCaches.get(key);
      if (!rows) rowCaches.set(key, (rows = opts.rows && key === '*' ? opts.rows : new Map()));
      for (const h of horizons) {
        for (const r of rollingOrigin(part, h, opts.nowMs, { ...opts, ...learnOpts, rows }).items) {
          // A borrowed unit's events are forecast by their own population; each cutoff by its epoch's partition.
          if (parts.length > 1 && populationOf(epoch.partition, r.e) !== pop) continue;
          const cutoff = cutoffMs(r.e, h);
          if (cutoff < epoch.fromMs || cutoff >= epoch.toMs) continue;
          // The classic baselines stay what they are, whatever the segments: the category's curve
          // over the whole partner.
          const base = parts.length > 1 ? baselines(r.e, h, r.sold, history, cutoff) : r.shares;
          items.push({
            eventId: r.e.rec.id,
            category: r.e.rec.category,
            startMs: r.e.rec.startMs,
            horizon: h,
            capacity: r.capacity,
            sold: r.sold,
            actual: r.actual,
            predicted: {
              model: r.model,
              category_average: base.category_average,
              multiplicative: base.multiplicative,
              additive: base.additive,
              analogue: r.shares.analogue,
              learned: r.shares.learned,
              learned_all: r.shares.learned_all,
            },
            choice: mixLabel(MIXES[r.mix]),
            interval: r.interval,
          });
        }
      }
    });
  }
  items.sort((a, b) => a.horizon - b.horizon || a.startMs - b.startMs || (a.eventId < b.eventId ? -1 : 1));
  return { rows: summarise(items, horizons), items, epochs };
}

/** WAPE (percent) of `method` over `items`. */
export function wape(items: readonly BacktestItem[], method: Method): number {
  let err = 0;
  let actual = 0;
  for (const i of items) {
    err += Math.abs(i.predicted[method] - i.actual) * i.capacity;
    actual += i.actual * i.capacity;
  }
  return actual > 0 ? (100 * err) / actual : 0;
}

export function summarise(items: readonly BacktestItem[], horizons: readonly number[]): BacktestRow[] {
  return horizons.map((horizon) => {
    const at = items.filter((i) => i.horizon === horizon);
    const actual = at.reduce((s, i) => s + i.actual * i.capacity, 0);
    const w = {} as Record<Method, number>;
    for (const m of METHODS) w[m] = wape(at, m);
    const shown = at.filter((i) => i.interval !== null);
    // Half a ticket of slack: the interval is in shares, outcomes are whole tickets.
    const inside = shown.filter((i) => {
      const eps = 0.5 / i.capacity;
      return i.actual >= i.interval!.low - eps && i.actual <= i.interval!.high + eps;
    }).length;
    return {
      horizon,
      events: at.length,
      actualTickets: Math.round(actual),
      wape: w,
      coverage: shown.length ? (100 * inside) / shown.length : null,
      withInterval: shown.length,
    };
  });
}

/** The baseline with the lowest WAPE at a horizon, and how much lower the model's is (percent). */
export function improvement(row: BacktestRow): { best: Baseline; reduction: number } {
  const best = BASELINES.reduce((a, b) => (row.wape[a] <= row.wape[b] ? a : b));
  const reduction = row.wape[best] > 0 ? (100 * (row.wape[best] - row.wape.model)) / row.wape[best] : 0;
  return { best, reduction };
}

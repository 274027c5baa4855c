// FD attribution (issue 22 "Attribution"): the tickets a campaign sold are the event's actual
// sales since the campaign started minus what the forecast, as it stood when the campaign
// started, expected for the same days — the counterfactual — with an 80 % interval from the
// forecast's band. The forecast is frozen into a snapshot at publish time (tickets expected
// since the start, per day), so later forecasts, which already see the campaign's sales, cannot
// move the counterfactual.

export interface ForecastAtPublish {
  /** Days before the event on the day the forecast was made (index 0 of the path). */
  daysOut: number;
  /** Predicted cumulative share of capacity (percent) from that day (index 0) to the event. */
  predictedPath: number[];
  /** 80 % interval of the final share, percent. */
  intervalLow: number | null;
  intervalHigh: number | null;
  /**
   * Tickets the final prediction is usually (80 % of replayed forecasts) within at this point
   * (Forecast.expectedError); null or absent when the forecast had none.
   */
  expectedError?: number | null;
  capacity: number;
}

export interface CounterfactualSnapshot {
  /** YYYY-MM-DD: the campaign's first day; index 0 of the arrays. */
  startDay: string;
  /** Tickets the forecast expected from the start of `startDay` to the end of each day (cumulative). */
  expected: number[];
  /** The 80 % band of `expected`. */
  low: number[];
  high: number[];
}

export interface FdEstimate {
  /** Tickets the campaign sold: actual minus expected (may be negative: no effect seen). */
  tickets: number;
  /** 80 % interval of `tickets`. */
  low: number;
  high: number;
  expected: number;
  actual: number;
}

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);

/** z of the 10th/90th percentile of a normal: the half-width of an 80 % interval in SDs. */
const Z80 = 1.2815515655446004;

/**
 * Day-to-day sales noise of the expected increment, as a variance per expected ticket (1 =
 * Poisson). Orders of several tickets and uneven days could scatter sales more than Poisson;
 * the dev half of bench/attribution.ts chose Poisson (larger values over-covered the regimes).
 */
export const COUNT_DISPERSION = 1;

/**
 * Share of the final's level error (opened along the path) that a campaign's days carry. The
 * final's error comes largely from days after a campaign ends; measured on the dev half.
 */
export const LEVEL_SHARE = 0.25;

export interface SnapshotOptions {
  /** Variance per expected ticket of the sales noise (default COUNT_DISPERSION). */
  dispersion?: number;
  /** Share of the forecast's opened level error counted in the band (default LEVEL_SHARE). */
  levelShare?: number;
}

/**
 * The snapshot for a campaign that starts on `startDay`, for an event on `eventDay`, from the
 * forecast stored at publish time. Null without a path (no forecast: FD cannot evaluate).
 *
 * The band adds two independent errors of the expected tickets by each day:
 * - the forecast's level error: its interval of the final share opened along the path (or the
 *   `expectedError` opened the same way, whichever is wider), and
 * - the sales' own noise over those days: even a perfect forecast of the mean sees the days'
 *   counts scatter around it, with a variance of about `dispersion` × the expected tickets.
 * Over the one to three weeks a campaign runs the second term dominates on small events; the
 * first alone (the band before) covered about two thirds of true effects instead of 80 %.
 */
export function counterfactualSnapshot(f: ForecastAtPublish, startDay: string, eventDay: string, opts: SnapshotOptions = {}): CounterfactualSnapshot | null {
  const path = f.predictedPath;
  if (!path.length || f.capacity <= 0) return null;
  const dispersion = opts.dispersion ?? COUNT_DISPERSION;
  const levelShare = opts.levelShare ?? LEVEL_SHARE;
  const event = dayNumber(eventDay);
  const forecastDay = event - f.daysOut;
  // The path's first point is what had sold when the forecast was made, i.e. by the end of the
  // day before the forecast day (the forecast day's own sales are still to come); point i is the
  // end of day forecastDay + i − 1. Days before read the first point, days after the last.
  const shareAt = (day: number) => path[Math.min(path.length - 1, Math.max(0, day - forecastDay + 1))]!;
  const from = path[0]!;
  const to = path[path.length - 1]!;
  const progressAt = (share: number) => (to - from > 1e-9 ? (share - from) / (to - from) : 1);
  const start = dayNumber(startDay);
  // Sales on the start day itself are the campaign's, so the baseline is the end of the day before.
  const base = shareAt(start - 1);
  const toTickets = (share: number) => (share / 100) * f.capacity;
  // The forecast's level error at the event (tickets below and above the prediction): its 80 %
  // interval, or the usual absolute error, whichever is wider.
  const levelError = f.expectedError != null && f.expectedError > 0 ? f.expectedError : 0;
  const finalBelow = Math.max(f.intervalLow == null ? 0 : toTickets(to - f.intervalLow), levelError);
  const finalAbove = Math.max(f.intervalHigh == null ? 0 : toTickets(f.intervalHigh - to), levelError);
  const expected: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  for (let day = start; day <= Math.max(start, event); day++) {
    const share = shareAt(day);
    const e = toTickets(share - base);
    // The part of that error the path opens between the baseline and this day (the interval
    // of the final share, opened in proportion to the sales expected by then).
    const opened = levelShare * Math.max(0, progressAt(share) - progressAt(base));
    const below = finalBelow * opened;
    const above = finalAbove * opened;
    const noise = dispersion * Math.max(0, e);
    expected.push(round1(e));
    low.push(round1(Math.max(0, e - Math.sqrt(below * below + Z80 * Z80 * noise))));
    high.push(round1(e + Math.sqrt(above * above + Z80 * Z80 * noise)));
  }
  return { startDay, expected, low, high };
}

/**
 * FD's estimate at the end of `day`, given the tickets actually sold from the start of the
 * campaign's first day to the end of `day`. Null before the campaign started.
 */
export function fdEstimate(s: CounterfactualSnapshot, actual: number, day: string): FdEstimate | null {
  const i = dayNumber(day) - dayNumber(s.startDay);
  if (i < 0 || !s.expected.length) return null;
  const at = Math.min(i, s.expected.length - 1);
  const expected = s.expected[at]!;
  return {
    tickets: round1(actual - expected),
    // More expected sales (the band's high end) leave fewer tickets to the campaign.
    low: round1(actual - s.high[at]!),
    high: round1(actual - s.low[at]!),
    expected,
    actual,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

/**
 * One snapshot for several events (an event series) that share a start day: the expected
 * tickets add up day by day; a shorter series member (an earlier date) keeps its last value.
 * The bands add up too, which treats the events' errors as moving together: a wider, cautious
 * interval than independent errors would give.
 */
export function sumSnapshots(list: CounterfactualSnapshot[]): CounterfactualSnapshot | null {
  if (!list.length) return null;
  const startDay = list[0]!.startDay;
  if (list.some((s) => s.startDay !== startDay)) throw new Error('Snapshots of one series must share their start day');
  const len = Math.max(...list.map((s) => s.expected.length));
  const at = (arr: number[], i: number) => (arr.length ? arr[Math.min(i, arr.length - 1)]! : 0);
  const add = (key: 'expected' | 'low' | 'high') => Array.from({ length: len }, (_, i) => round1(list.reduce((s, x) => s + at(x[key], i), 0)));
  return { startDay, expected: add('expected'), low: add('low'), high: add('high') };
}

/** What a campaign row keeps from publish time: its event's counterfactual and its series'. */
export interface CampaignCounterfactual {
  event: CounterfactualSnapshot;
  /** Every dated event of the series (same production) that had a forecast at publish time. */
  series: CounterfactualSnapshot | null;
  seriesEventIds: string[];
}

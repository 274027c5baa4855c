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

/**
 * The snapshot for a campaign that starts on `startDay`, for an event on `eventDay`, from the
 * forecast stored at publish time. Null without a path (no forecast: FD cannot evaluate).
 */
export function counterfactualSnapshot(f: ForecastAtPublish, startDay: string, eventDay: string): CounterfactualSnapshot | null {
  const path = f.predictedPath;
  if (!path.length || f.capacity <= 0) return null;
  const event = dayNumber(eventDay);
  const forecastDay = event - f.daysOut;
  // The share at the end of a day; days before the forecast read its first point (what was
  // sold then), days after the event its last.
  const shareAt = (day: number) => path[Math.min(path.length - 1, Math.max(0, day - forecastDay))]!;
  const from = path[0]!;
  const to = path[path.length - 1]!;
  const bandAt = (share: number, end: number | null) => {
    if (end == null) return share;
    const progress = to - from > 1e-9 ? (share - from) / (to - from) : 1;
    return from + (end - from) * progress;
  };
  const start = dayNumber(startDay);
  // Sales on the start day itself are the campaign's, so the baseline is the end of the day before.
  const base = shareAt(start - 1);
  const toTickets = (share: number) => (share / 100) * f.capacity;
  const expected: number[] = [];
  const low: number[] = [];
  const high: number[] = [];
  for (let day = start; day <= Math.max(start, event); day++) {
    const share = shareAt(day);
    expected.push(round1(toTickets(share - base)));
    low.push(round1(Math.max(0, toTickets(Math.min(share, bandAt(share, f.intervalLow)) - base))));
    high.push(round1(toTickets(Math.max(share, bandAt(share, f.intervalHigh)) - base)));
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

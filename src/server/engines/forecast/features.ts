// Booking-curve features of one event at d days out, for the learned candidate (ridge.ts). All in
// shares of capacity, all known at the cutoff: the event's own curve up to d, and finished events
// of its comparable pool (started before the cutoff) for what similar events did recently and
// around the same date a year earlier. Seasonality, weekday and public holidays come from the
// calendar, so a venue (or hotel) whose demand follows the week or the year is read as such
// rather than through one average curve.
import { DAY_MS, MAX_DAYS } from './types';
import type { PreparedEvent } from './curves';
import type { Observation } from './analogues';
import { countBefore } from './history';
import type { HolidayCalendar } from './holidays';

/** "Recently" finished: the comparables that started in the last four weeks before the cutoff. */
const RECENT_DAYS = 28;
/** A year back: 52 weeks (same weekday), ± this many days. */
const LAST_YEAR_DAYS = 364;
const LAST_YEAR_WINDOW = 10;
/** Fewest recent events whose mean is trusted over the pool's last ones. */
const MIN_RECENT = 3;
const FALLBACK_LAST = 10;

const at = (e: PreparedEvent, d: number) => e.cum[Math.min(MAX_DAYS, Math.max(0, d))];

/** Neighbours: the group's other events starting within this many days of the event. */
const NEIGHBOUR_DAYS = 7;

/**
 * Mean share sold, as of the cutoff day, by the other events of `group` (all of them, finished or
 * not, sorted by start) that start within NEIGHBOUR_DAYS of `e`: how the dates around this one
 * are booking right now. Many events' sales say more about the demand of a week than one
 * event's. A neighbour that had started by then counts with its final share.
 */
function neighbourSold(e: PreparedEvent, group: readonly PreparedEvent[], cutoffDay: number): { sold: number; n: number } {
  const lo = countBefore(group, (e.startDay - NEIGHBOUR_DAYS) * DAY_MS);
  const hi = countBefore(group, (e.startDay + NEIGHBOUR_DAYS + 1) * DAY_MS);
  let sum = 0;
  let n = 0;
  for (let i = lo; i < hi; i++) {
    const c = group[i];
    if (c.rec.id === e.rec.id) continue;
    sum += at(c, c.startDay - cutoffDay);
    n++;
  }
  return { sold: n ? sum / n : 0, n };
}

export interface FeatureInputs {
  /** The candidates' predicted final shares (clamped), from the same cutoff. */
  categoryAverage: number;
  multiplicative: number;
  additive: number;
  analogue: number;
}

interface PoolStats {
  final: number;
  atD: number;
  n: number;
}

/** Mean final share and share at d of pool events starting in [fromMs, toMs). Pool sorted by start. */
function windowStats(pool: readonly PreparedEvent[], fromMs: number, toMs: number, d: number): PoolStats {
  const lo = countBefore(pool, fromMs);
  const hi = countBefore(pool, toMs);
  let final = 0;
  let atD = 0;
  for (let i = lo; i < hi; i++) {
    final += pool[i].cum[0];
    atD += at(pool[i], d);
  }
  const n = hi - lo;
  return n > 0 ? { final: final / n, atD: atD / n, n } : { final: 0, atD: 0, n: 0 };
}

function lastStats(pool: readonly PreparedEvent[], beforeMs: number, d: number, count: number): PoolStats {
  const hi = countBefore(pool, beforeMs);
  const lo = Math.max(0, hi - count);
  return windowStats(pool, lo < hi ? pool[lo].rec.startMs : beforeMs, beforeMs, d);
}

const multPickup = (s: number, st: PoolStats) => Math.min(1, Math.max(0, (s * st.final) / Math.max(st.atD, 0.01) - s));

export const FEATURE_NAMES = [
  'sold', 'pace7', 'pace14', 'additivePickup', 'multiplicativePickup', 'analoguePickup', 'categoryFinal',
  'recentFinal', 'recentPickup', 'recentMultPickup', 'lastYearFinal', 'lastYearPickup', 'lastYearMultPickup', 'lastYearKnown',
  'neighbourSold', 'neighbourProjected', 'neighbourPickup',
  'holiday', 'holidayNear', 'logCapacity', 'onSaleKnown', 'onSaleLead', 'daysOut',
  'mon', 'tue', 'wed', 'thu', 'fri', 'sat',
  'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec',
] as const;
export const FEATURE_COUNT = FEATURE_NAMES.length;

/**
 * The feature vector of `e` observed at `obs.daysOut`, learning from `pool` (comparables that had
 * started before `beforeMs`, by start time). The target it is trained on is final − sold.
 */
export function bookingFeatures(
  e: PreparedEvent,
  obs: Observation,
  pool: readonly PreparedEvent[],
  group: readonly PreparedEvent[],
  beforeMs: number,
  inputs: FeatureInputs,
  holidays: HolidayCalendar,
): Float64Array {
  const d = obs.daysOut;
  const s = obs.sold;
  const x = new Float64Array(FEATURE_COUNT);
  let recent = windowStats(pool, beforeMs - RECENT_DAYS * DAY_MS, beforeMs, d);
  if (recent.n < MIN_RECENT) recent = lastStats(pool, beforeMs, d, FALLBACK_LAST);
  const yearAgo = e.rec.startMs - LAST_YEAR_DAYS * DAY_MS;
  const ly = windowStats(pool, yearAgo - LAST_YEAR_WINDOW * DAY_MS, Math.min(beforeMs, yearAgo + (LAST_YEAR_WINDOW + 1) * DAY_MS), d);
  const lyKnown = ly.n > 0;
  const lyS = lyKnown ? ly : recent;

  x[0] = s;
  x[1] = s - at(e, d + 7);
  x[2] = obs.sold - obs.soldBefore;
  x[3] = inputs.additive - s;
  x[4] = inputs.multiplicative - s;
  x[5] = inputs.analogue - s;
  x[6] = inputs.categoryAverage;
  x[7] = recent.final;
  x[8] = Math.max(0, recent.final - recent.atD);
  x[9] = multPickup(s, recent);
  x[10] = lyS.final;
  x[11] = Math.max(0, lyS.final - lyS.atD);
  x[12] = multPickup(s, lyS);
  x[13] = lyKnown ? 1 : 0;
  const nb = neighbourSold(e, group, Math.floor(beforeMs / DAY_MS));
  const nbSold = nb.n ? nb.sold : s;
  x[14] = nbSold;
  // The neighbours' level carried to a final share the way last year's (or recent) curves went on.
  x[15] = Math.min(2, (nbSold * lyS.final) / Math.max(lyS.atD, 0.01));
  x[16] = Math.max(0, Math.min(1, x[15] - nbSold));
  const day = e.startDay;
  x[17] = holidays.isHoliday(day) ? 1 : 0;
  // A holiday just before or after: long weekends and bridge days move demand too.
  x[18] = [-2, -1, 1, 2].some((k) => holidays.isHoliday(day + k)) ? 1 : 0;
  x[19] = Math.log(Math.max(1, e.rec.capacity));
  x[20] = obs.onSaleDaysOut === null ? 0 : 1;
  x[21] = obs.onSaleDaysOut === null ? 0 : obs.onSaleDaysOut / 100;
  x[22] = d / 100;
  // Weekday (Sunday the reference) and month (January the reference) as indicators.
  if (e.weekday > 0) x[22 + e.weekday] = 1;
  if (e.month > 0) x[28 + e.month] = 1;
  return x;
}

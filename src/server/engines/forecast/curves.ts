// Booking curves: an event's sales turned into the cumulative share of capacity sold by each
// number of days before its start. Built once per event, so the neighbour search and the
// backtest only index arrays.
import { DAY_MS, MAX_DAYS, type EventRecord } from './types';

export interface PreparedEvent {
  rec: EventRecord;
  /** UTC day number of the start. */
  startDay: number;
  weekday: number;
  month: number;
  /**
   * cum[d] = share of capacity (0–1) sold with at least d days to go, i.e. by the end of the UTC
   * day d days before the start. For an event still selling, valid only from its days out upwards.
   */
  cum: Float32Array;
  /** Tickets sold so far (all of them, for a finished event). */
  tickets: number;
  /** Days before the start of the first sale (MAX_DAYS at most); -1 without sales. */
  firstSaleDaysOut: number;
}

export const utcDay = (ms: number): number => Math.floor(ms / DAY_MS);

/** Whole UTC calendar days from `nowMs` to the event's start day (0 on the day itself). */
export const daysOutAt = (startMs: number, nowMs: number): number => utcDay(startMs) - utcDay(nowMs);

export function prepareEvent(rec: EventRecord): PreparedEvent {
  const startDay = utcDay(rec.startMs);
  const perDay = new Float64Array(MAX_DAYS + 1);
  let tickets = 0;
  let first = -1;
  for (let i = 0; i < rec.saleDays.length; i++) {
    // A sale logged after the start (late box-office import) counts on the day itself.
    const d = Math.min(MAX_DAYS, Math.max(0, startDay - rec.saleDays[i]));
    perDay[d] += rec.saleQty[i];
    tickets += rec.saleQty[i];
    if (d > first) first = d;
  }
  const cum = new Float32Array(MAX_DAYS + 1);
  const cap = rec.capacity > 0 ? rec.capacity : 1;
  let run = 0;
  for (let d = MAX_DAYS; d >= 0; d--) {
    run += perDay[d];
    cum[d] = run / cap;
  }
  const start = new Date(rec.startMs);
  return { rec, startDay, weekday: start.getUTCDay(), month: start.getUTCMonth(), cum, tickets, firstSaleDaysOut: first };
}

/** Final sold share of a finished event (0–1; may exceed 1 when capacity was oversold). */
export const finalShare = (e: PreparedEvent): number => e.cum[0];

/** Share sold with at least `d` days to go. */
export const shareAt = (e: PreparedEvent, d: number): number => e.cum[Math.min(MAX_DAYS, Math.max(0, d))];

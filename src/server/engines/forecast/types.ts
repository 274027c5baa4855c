// The forecasting engine's data: what it reads (one partner's events with their daily sales) and
// what it answers per event. Pure data, no database types: the forecast module loads and stores.

export const DAY_MS = 86_400_000;

/**
 * Curves run from 0 to MAX_DAYS days before the start; a sale made earlier counts at MAX_DAYS.
 * Sale windows are at most about six months (booking-curve.ts), products up to eleven.
 */
export const MAX_DAYS = 365;

/** Bump when the model changes, so stored forecasts show which engine made them. */
export const MODEL_VERSION = 'segments-6';

export interface EventRecord {
  id: string;
  title: string;
  category: string;
  venueId: number | null;
  hallId: number | null;
  capacity: number;
  startMs: number;
  /**
   * Whether the event may serve as a comparable once finished: real (API) events that were not
   * cancelled. Simulated and cancelled events are still forecast, never learnt from.
   */
  learnable: boolean;
  /** UTC day numbers (epoch ms / DAY_MS, floored) with sales, in any order, and tickets sold on each. */
  saleDays: ArrayLike<number>;
  saleQty: ArrayLike<number>;
}

export type ForecastState = 'below' | 'on_track' | 'above' | 'sold_out' | 'finished' | 'no_data';

export interface Forecast {
  eventId: string;
  state: ForecastState;
  /** Whole days before the start (UTC calendar days); negative once the event has started. */
  daysOut: number;
  ticketsSold: number;
  /** Percent of capacity (0–100): sold now, and what comparable events had sold at the same point. */
  now: { value: number | null; benchmark: number | null };
  /** Percent of capacity: predicted final sales, and comparable events' final sales. */
  prediction: { value: number | null; benchmark: number | null };
  predictedTickets: number | null;
  /** 80 % interval of the predicted final share, percent of capacity; null without a prediction. */
  interval: { low: number; high: number } | null;
  /** Tickets the prediction is usually (80 % of replayed forecasts) within at this point; null without one. */
  expectedError: number | null;
  comparables: number;
  /** Comparables' cumulative share (percent) at 0, 1, 2, … days out. */
  benchmarkCurve: number[];
  /** Predicted cumulative share (percent) from today (index 0 = daysOut) down to the start. */
  predictedPath: number[];
}

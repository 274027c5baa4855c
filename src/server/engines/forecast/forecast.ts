// The live forecast of a partner's events: the history is prepared and the model learnt once
// (learner.ts: every candidate replayed on the partner's finished events, the choice among them
// and the residuals per horizon), then every event is a neighbour search and a few dot products.
import { MAX_DAYS, type EventRecord, type Forecast } from './types';
import { daysOutAt, type PreparedEvent } from './curves';
import { buildHistory, type History } from './history';
import { findComparables } from './comparables';
import { benchmarkCurve, clampPrediction } from './pickup';
import { DEFAULT_PARAMS, type ModelParams } from './model';
import { bucketFor, choiceFor, intervalAround, type LearntModel } from './learner';
import { learnSegmented, partFor, type SegmentedModel } from './segmented';
import { candidatesAt } from './candidates';
import { MIXES, mixShare } from './selection';
import { holidayCalendar } from './holidays';
import { classify, ON_TRACK_BAND } from './state';
import { predictedPath } from './path';

export interface ForecastOptions {
  nowMs: number;
  params?: ModelParams;
  /** Learnt from the history when not given (see learnSegmented). */
  model?: SegmentedModel;
  /** Country whose public holidays are features (ISO 3166 code, default DE); ignored with `model`. */
  country?: string;
  /** Region of the country (date-holidays' state code) for its regional holidays; ignored with `model`. */
  region?: string | null;
  /** false: one model for all of the partner's events (the model before segments). Ignored with `model`. */
  segments?: boolean;
  /** On-track band in percentage points. */
  band?: number;
}

export interface Forecaster {
  history: History;
  model: SegmentedModel;
  forecast: (eventId: string) => Forecast | undefined;
}

/** Fewer finished events than this to compare with is "no data", not a forecast. */
export const MIN_COMPARABLES = 3;

/** Fraction to percent with two decimals. */
const pct = (share: number): number => Math.round(share * 10_000) / 100;

export function createForecaster(records: readonly EventRecord[], opts: ForecastOptions): Forecaster {
  return forecasterFor(buildHistory(records), opts);
}

/** A forecaster over a history built already (the caller may keep the model learnt from it). */
export function forecasterFor(history: History, opts: ForecastOptions): Forecaster {
  const model =
    opts.model ??
    learnSegmented(history, opts.nowMs, { params: opts.params ?? DEFAULT_PARAMS, holidays: holidayCalendar(opts.country, opts.region), segments: opts.segments });
  return {
    history,
    model,
    forecast: (id) => {
      const e = history.byId.get(id);
      if (!e) return undefined;
      // Each event is forecast by its population's model, over its population's history only.
      const part = partFor(model, e);
      return forecastEvent(e, part.history, { ...opts, model: part.model });
    },
  };
}

export function forecastEvent(
  e: PreparedEvent,
  history: History,
  opts: Omit<ForecastOptions, 'model'> & { model: LearntModel },
): Forecast {
  const daysOut = daysOutAt(e.rec.startMs, opts.nowMs);
  const cap = e.rec.capacity;
  const base: Forecast = {
    eventId: e.rec.id,
    state: 'no_data',
    daysOut,
    ticketsSold: e.tickets,
    now: { value: null, benchmark: null },
    prediction: { value: null, benchmark: null },
    predictedTickets: null,
    interval: null,
    expectedError: null,
    comparables: 0,
    benchmarkCurve: [],
    predictedPath: [],
  };
  if (cap <= 0) return base;

  const sold = e.tickets / cap;
  const started = e.rec.startMs <= opts.nowMs;
  // A finished event is compared with every other finished event, a running one with what had
  // finished by now.
  const { params, holidays } = opts.model;
  const { neighbours } = findComparables(e, history, opts.nowMs, params.similarity);
  const curveDays = Math.min(
    MAX_DAYS,
    Math.max(daysOut, ...neighbours.map((n) => n.event.firstSaleDaysOut), 0),
  );
  const bench = benchmarkCurve(neighbours, curveDays);
  const benchAt = (d: number) => bench[Math.min(bench.length - 1, Math.max(0, d))];
  const finalBench = neighbours.length ? pct(bench[0]) : null;
  const withBench: Forecast = {
    ...base,
    now: { value: pct(sold), benchmark: null },
    comparables: neighbours.length,
    benchmarkCurve: neighbours.length ? Array.from(bench, pct) : [],
  };

  if (started) {
    return {
      ...withBench,
      state: 'finished',
      now: { value: pct(sold), benchmark: finalBench },
      prediction: { value: pct(sold), benchmark: finalBench },
      predictedTickets: e.tickets,
    };
  }
  if (neighbours.length < MIN_COMPARABLES) return withBench;

  const nowBench = pct(benchAt(daysOut));
  if (e.tickets >= cap) {
    return {
      ...withBench,
      state: 'sold_out',
      now: { value: pct(sold), benchmark: nowBench },
      prediction: { value: pct(sold), benchmark: finalBench },
      predictedTickets: e.tickets,
      predictedPath: new Array(daysOut + 1).fill(pct(sold)),
    };
  }

  const bucket = bucketFor(opts.model, daysOut);
  const c = candidatesAt(e, daysOut, history, opts.nowMs, bucket.weights, params, holidays);
  if (!c) return withBench;
  const share = clampPrediction(mixShare(MIXES[choiceFor(bucket, e.rec.category)], c.shares), sold);
  const analogues = c.components.analogues;
  const shape = analogues.length ? benchmarkCurve(analogues, Math.min(MAX_DAYS, daysOut)) : bench;
  const predicted = pct(share);
  const iv = intervalAround(bucket.spread, share, sold);
  return {
    ...withBench,
    state: classify(predicted, finalBench ?? predicted, opts.band ?? ON_TRACK_BAND),
    now: { value: pct(sold), benchmark: nowBench },
    prediction: { value: predicted, benchmark: finalBench },
    predictedTickets: Math.round(share * cap),
    interval: iv && { low: pct(iv.low), high: pct(iv.high) },
    expectedError: iv && Math.round(iv.absError * cap),
    predictedPath: predictedPath(shape, daysOut, sold, share).map(pct),
  };
}

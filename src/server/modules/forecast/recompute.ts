// Recomputing a partner's stored forecasts: load the history once, learn (or reuse) the model
// (candidates, their choice and residuals per horizon, learner.ts), forecast the events asked
// for, upsert.
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventForecasts } from '../../db/schema';
import {
  DAY_MS,
  MODEL_VERSION,
  buildHistory,
  forecasterFor,
  DEFAULT_COUNTRY,
  holidayCalendar,
  learnModel,
  type Forecast,
  type History,
  type LearntModel,
} from '../../engines/forecast';
import { loadPartnerEvents } from './load';
import { storeForecasts } from './store';
import { notifyEventsTurnedBelow } from '../notifications/producers';
import { nowMs as clockMs } from '../../lib/clock';

export interface RecomputeOptions {
  /** Only these events (of this partner; other ids are ignored). Default: every event that needs it. */
  eventIds?: string[];
  /** The moment forecasts are made at (tests pin it). */
  nowMs?: number;
  /** Country whose public holidays are features (default DE: partners have no country of their own yet). */
  country?: string;
}

export interface RecomputeResult {
  events: number;
  ms: number;
  /** Milliseconds per step (bench/forecast.ts reports them). */
  phases: { load: number; learn: number; forecast: number; store: number };
}

// Learning replays every finished event at every horizon, the costliest step at scale. Its input
// only changes when an event finishes or a finished event's sales are corrected, so the model is
// kept per process under a key that changes with exactly that (and with the day, as d moves);
// a stale key is just recomputed.
const modelCache = new Map<number, { key: string; model: LearntModel }>();

function historyKey(history: History, nowMs: number, country: string): string {
  let n = 0;
  let tickets = 0;
  for (const e of history.learnable) {
    if (e.rec.startMs >= nowMs) break;
    n++;
    tickets += e.tickets;
  }
  return `${MODEL_VERSION}|${country}|${Math.floor(nowMs / DAY_MS)}|${n}|${tickets}`;
}

/** Forgets learnt models (benchmarks measure a cold run, as the first run of a day is). */
export function clearForecastCaches(): void {
  modelCache.clear();
}

function modelFor(partnerId: number, history: History, nowMs: number, country: string): LearntModel {
  const key = historyKey(history, nowMs, country);
  const hit = modelCache.get(partnerId);
  if (hit?.key === key) return hit.model;
  const model = learnModel(history, nowMs, { holidays: holidayCalendar(country) });
  modelCache.set(partnerId, { key, model });
  return model;
}

/**
 * Forecasts that newly say 'below': the stored state was something else. A first forecast (no
 * stored row, e.g. after seeding or for a new event) is not a change, so nothing is sent for it;
 * an event that stays below is not reported again on the next run.
 */
async function turnedBelow(db: Db, partnerId: number, forecasts: readonly Forecast[]) {
  const below = forecasts.filter((f) => f.state === 'below');
  if (!below.length) return [];
  const before = new Map<string, string>();
  for (let i = 0; i < below.length; i += 1000) {
    const stored = await db
      .select({ id: eventForecasts.eventId, state: eventForecasts.state })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, partnerId), inArray(eventForecasts.eventId, below.slice(i, i + 1000).map((f) => f.eventId))));
    for (const r of stored) before.set(r.id, r.state);
  }
  return below
    .filter((f) => before.has(f.eventId) && before.get(f.eventId) !== 'below')
    .map((f) => ({ eventId: f.eventId, predicted: f.prediction.value, benchmark: f.prediction.benchmark }));
}

/**
 * Without `eventIds`: every upcoming event, plus past events without a current 'finished' row
 * (events that started since the last run, and the first run after seeding), so every event a
 * list shows has a benchmark.
 */
export async function recomputeForecasts(db: Db, partnerId: number, opts: RecomputeOptions = {}): Promise<RecomputeResult> {
  const t0 = performance.now();
  const lap = (() => {
    let last = t0;
    return () => {
      const now = performance.now();
      const ms = Math.round(now - last);
      last = now;
      return ms;
    };
  })();
  const nowMs = opts.nowMs ?? clockMs();
  const records = await loadPartnerEvents(db, partnerId);
  const history = buildHistory(records);

  let targets: string[];
  if (opts.eventIds) {
    targets = [...new Set(opts.eventIds)].filter((id) => history.byId.has(id));
  } else {
    const settled = await db
      .select({ id: eventForecasts.eventId })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, partnerId), eq(eventForecasts.state, 'finished'), eq(eventForecasts.modelVersion, MODEL_VERSION)));
    const done = new Set(settled.map((r) => r.id));
    targets = records.filter((r) => r.startMs > nowMs || !done.has(r.id)).map((r) => r.id);
  }
  const load = lap();
  if (targets.length === 0) return { events: 0, ms: Math.round(performance.now() - t0), phases: { load, learn: 0, forecast: 0, store: 0 } };

  const model = modelFor(partnerId, history, nowMs, (opts.country ?? DEFAULT_COUNTRY).toUpperCase());
  const learn = lap();
  const forecaster = forecasterFor(history, { nowMs, model });
  const forecasts = targets.map((id) => forecaster.forecast(id)!);
  const forecast = lap();
  const turned = await turnedBelow(db, partnerId, forecasts);
  await storeForecasts(db, partnerId, forecasts, new Date(nowMs));
  const store = lap();
  await notifyEventsTurnedBelow(db, partnerId, turned);
  return { events: forecasts.length, ms: Math.round(performance.now() - t0), phases: { load, learn, forecast, store } };
}

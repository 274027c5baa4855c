// Recomputing a partner's stored forecasts: load the history once, learn (or reuse) the model
// (candidates, their choice and residuals per horizon, learner.ts), forecast the events asked
// for, upsert.
import { performance } from 'node:perf_hooks';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { eventForecasts, partners } from '../../db/schema';
import {
  DAY_MS,
  MODEL_VERSION,
  buildHistory,
  forecasterFor,
  learnSegmented,
  partnerHolidays,
  type Forecast,
  type History,
  type HolidayCalendar,
  type SegmentedModel,
} from '../../engines/forecast';
import { loadPartnerEvents } from './load';
import { storeForecasts } from './store';
import { notifyEventsTurnedBelow, type BelowTurn } from '../notifications/producers';
import { nowMs as clockMs } from '../../lib/clock';

export interface RecomputeOptions {
  /** Only these events (of this partner; other ids are ignored). Default: every event that needs it. */
  eventIds?: string[];
  /** The moment forecasts are made at (tests pin it). */
  nowMs?: number;
  /**
   * The calendar whose public holidays are features: ISO 3166-1 country and date-holidays region.
   * Default: the partner's own (partners.country, partners.region; DE without one).
   */
  country?: string;
  region?: string | null;
  /**
   * false: the caller reports the outcome itself (the history import sends one summary instead of
   * one 'below benchmark' notification per event; issue 20 §4). Default true.
   */
  notify?: boolean;
  /**
   * Forecast as things stood at `nowMs`: sales after it are left out (the demo's campaigns that
   * started in the past freeze the forecast of their first day). Default false.
   */
  asOf?: boolean;
}

/**
 * A forecast that moves by more than this many percentage points of capacity counts as "moved"
 * (the import's preview lists them, its summary notification counts them; issue 20 §4).
 */
export const MOVED_POINTS = 5;

/** An upcoming event whose predicted final share changes by more than MOVED_POINTS. */
export interface ForecastMove {
  eventId: string;
  /** Percent of capacity: the stored prediction, and the new one. */
  before: number;
  after: number;
}

export interface RecomputeResult {
  events: number;
  ms: number;
  /** Milliseconds per step (bench/forecast.ts reports them). */
  phases: { load: number; learn: number; forecast: number; store: number };
  /** Events whose forecast newly says 'below' (what the notifications report). */
  turnedBelow: BelowTurn[];
  /** Upcoming events whose prediction moved by more than MOVED_POINTS, largest move first. */
  moved: ForecastMove[];
}

// Learning replays every finished event at every horizon, the costliest step at scale. Its input
// only changes when an event finishes or a finished event's sales are corrected, so the model is
// kept per process under a key that changes with exactly that (and with the day, as d moves);
// a stale key is just recomputed.
const modelCache = new Map<number, { key: string; model: SegmentedModel }>();

function historyKey(history: History, nowMs: number, calendar: string): string {
  let n = 0;
  let tickets = 0;
  for (const e of history.learnable) {
    if (e.rec.startMs >= nowMs) break;
    n++;
    tickets += e.tickets;
  }
  return `${MODEL_VERSION}|${calendar}|${Math.floor(nowMs / DAY_MS)}|${n}|${tickets}`;
}

/** Forgets learnt models (benchmarks measure a cold run, as the first run of a day is). */
export function clearForecastCaches(): void {
  modelCache.clear();
}

function modelFor(partnerId: number, history: History, nowMs: number, holidays: HolidayCalendar, cache = true): SegmentedModel {
  if (!cache) return learnSegmented(history, nowMs, { holidays });
  const key = historyKey(history, nowMs, `${holidays.country}/${holidays.region ?? ''}`);
  const hit = modelCache.get(partnerId);
  if (hit?.key === key) return hit.model;
  const model = learnSegmented(history, nowMs, { holidays });
  modelCache.set(partnerId, { key, model });
  return model;
}

interface Stored {
  state: string;
  prediction: number | null;
}

/** The stored state and prediction of the given events (absent: none stored yet). */
async function storedOf(db: Db, partnerId: number, ids: readonly string[]): Promise<Map<string, Stored>> {
  const out = new Map<string, Stored>();
  for (let i = 0; i < ids.length; i += 1000) {
    const found = await db
      .select({ id: eventForecasts.eventId, state: eventForecasts.state, prediction: eventForecasts.predictionValue })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, partnerId), inArray(eventForecasts.eventId, ids.slice(i, i + 1000))));
    for (const r of found) out.set(r.id, { state: r.state, prediction: r.prediction });
  }
  return out;
}

/**
 * Forecasts that newly say 'below': the stored state was something else. A first forecast (no
 * stored row, e.g. after seeding or for a new event) is not a change, so nothing is sent for it;
 * an event that stays below is not reported again on the next run.
 */
export function turnedBelow(forecasts: readonly Forecast[], stored: ReadonlyMap<string, Stored>): BelowTurn[] {
  return forecasts
    .filter((f) => f.state === 'below' && stored.has(f.eventId) && stored.get(f.eventId)!.state !== 'below')
    .map((f) => ({ eventId: f.eventId, predicted: f.prediction.value, benchmark: f.prediction.benchmark }));
}

/** Upcoming events whose stored prediction and new one differ by more than MOVED_POINTS. */
export function movedForecasts(forecasts: readonly Forecast[], stored: ReadonlyMap<string, Stored>): ForecastMove[] {
  const moved: ForecastMove[] = [];
  for (const f of forecasts) {
    const before = stored.get(f.eventId)?.prediction ?? null;
    const after = f.prediction.value;
    if (f.daysOut < 0 || before === null || after === null) continue;
    if (Math.abs(after - before) > MOVED_POINTS) moved.push({ eventId: f.eventId, before, after });
  }
  return moved.sort((a, b) => Math.abs(b.after - b.before) - Math.abs(a.after - a.before) || a.eventId.localeCompare(b.eventId));
}

export interface ComputedForecasts {
  forecasts: Forecast[];
  /** What is stored for them now (before they are written). */
  stored: Map<string, Stored>;
  phases: { load: number; learn: number; forecast: number };
}

/** What forecasting a partner reads from the database: its events, which to forecast, what is stored. */
export interface ForecastInputs {
  records: Awaited<ReturnType<typeof loadPartnerEvents>>;
  targets: string[];
  stored: Map<string, Stored>;
  /** The partner's country and region (null: not set). */
  calendar: { country: string | null; region: string | null };
}

/**
 * The reads of a recompute, apart from the computing: the history import's preview takes them
 * inside the transaction it rolls back and computes after it ended, so the learning (CPU seconds)
 * never holds a connection — on the embedded database the only one. Without `eventIds`: every
 * upcoming event, plus past events without a current 'finished' row.
 */
export async function loadForecastInputs(db: Db, partnerId: number, opts: RecomputeOptions = {}): Promise<ForecastInputs> {
  const nowMs = opts.nowMs ?? clockMs();
  const records = await loadPartnerEvents(db, partnerId, opts.asOf ? nowMs : undefined);
  let targets: string[];
  if (opts.eventIds) {
    const known = new Set(records.map((r) => r.id));
    targets = [...new Set(opts.eventIds)].filter((id) => known.has(id));
  } else {
    const settled = await db
      .select({ id: eventForecasts.eventId })
      .from(eventForecasts)
      .where(and(eq(eventForecasts.partnerId, partnerId), eq(eventForecasts.state, 'finished'), eq(eventForecasts.modelVersion, MODEL_VERSION)));
    const done = new Set(settled.map((r) => r.id));
    targets = records.filter((r) => r.startMs > nowMs || !done.has(r.id)).map((r) => r.id);
  }
  const stored = targets.length ? await storedOf(db, partnerId, targets) : new Map<string, Stored>();
  const [calendar] = await db.select({ country: partners.country, region: partners.region }).from(partners).where(eq(partners.id, partnerId)).limit(1);
  return { records, targets, stored, calendar: calendar ?? { country: null, region: null } };
}

/** The forecasts of the inputs' targets (pure computing; `cacheModel: false` keeps a learnt model out of the cache). */
export function forecastInputs(
  partnerId: number,
  inputs: ForecastInputs,
  opts: RecomputeOptions & { cacheModel?: boolean } = {},
): { forecasts: Forecast[]; learnMs: number; holidays: HolidayCalendar } {
  // The partner's calendar unless the caller names one.
  const holidays = partnerHolidays(inputs.calendar, opts);
  if (inputs.targets.length === 0) return { forecasts: [], learnMs: 0, holidays };
  const nowMs = opts.nowMs ?? clockMs();
  const t0 = performance.now();
  const history = buildHistory(inputs.records);
  const model = modelFor(partnerId, history, nowMs, holidays, opts.cacheModel ?? true);
  const learnMs = Math.round(performance.now() - t0);
  const forecaster = forecasterFor(history, { nowMs, model });
  return { forecasts: inputs.targets.map((id) => forecaster.forecast(id)!), learnMs, holidays };
}

/** The partner's forecasts as a recompute would store them, and what is stored for them now; writes nothing. */
export async function computeForecasts(db: Db, partnerId: number, opts: RecomputeOptions & { cacheModel?: boolean } = {}): Promise<ComputedForecasts> {
  const t0 = performance.now();
  const inputs = await loadForecastInputs(db, partnerId, opts);
  const load = Math.round(performance.now() - t0);
  const t1 = performance.now();
  const { forecasts, learnMs } = forecastInputs(partnerId, inputs, opts);
  return { forecasts, stored: inputs.stored, phases: { load, learn: learnMs, forecast: Math.round(performance.now() - t1) - learnMs } };
}

/**
 * Without `eventIds`: every upcoming event, plus past events without a current 'finished' row
 * (events that started since the last run, and the first run after seeding), so every event a
 * list shows has a benchmark.
 */
export async function recomputeForecasts(db: Db, partnerId: number, opts: RecomputeOptions = {}): Promise<RecomputeResult> {
  const t0 = performance.now();
  const nowMs = opts.nowMs ?? clockMs();
  const { forecasts, stored, phases } = await computeForecasts(db, partnerId, { ...opts, nowMs });
  if (forecasts.length === 0) return { events: 0, ms: Math.round(performance.now() - t0), phases: { ...phases, store: 0 }, turnedBelow: [], moved: [] };
  const turned = turnedBelow(forecasts, stored);
  const moved = movedForecasts(forecasts, stored);
  const t1 = performance.now();
  await storeForecasts(db, partnerId, forecasts, new Date(nowMs));
  const store = Math.round(performance.now() - t1);
  if (opts.notify ?? true) await notifyEventsTurnedBelow(db, partnerId, turned);
  return { events: forecasts.length, ms: Math.round(performance.now() - t0), phases: { ...phases, store }, turnedBelow: turned, moved };
}

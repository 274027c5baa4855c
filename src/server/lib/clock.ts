// The server's one clock. Every expiry rule (tokens, codes, challenges, rate limits, lockouts) and
// every business "now" (upcoming or past, forecasts, the latest sales day, the demo seed) reads
// it, so tests move time with setClock instead of sleeping (issue 3 tests).
//
// ENCORE_NOW (tests only; refused with NODE_ENV=production) starts the clock at another instant,
// e.g. ENCORE_NOW=2027-03-01T09:00:00Z: from then on it runs at normal speed. The instant is
// reached at the process start, or at ENCORE_NOW_SINCE (epoch milliseconds of real time) when the
// caller needs to know the offset exactly (the Playwright config sets it so the journeys' own
// clock agrees with the server's to the millisecond).
import { performance } from 'node:perf_hooks';
import { registerClock } from '../../lib/clock';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/**
 * Milliseconds the clock runs ahead of real time (negative: behind) as ENCORE_NOW asks; 0 without
 * it. Throws for an unreadable value and for any value under NODE_ENV=production.
 */
export function clockShiftFromEnv(env: NodeJS.ProcessEnv = process.env, processStartMs = performance.timeOrigin): number {
  const raw = env.ENCORE_NOW?.trim();
  if (!raw) return 0;
  if (env.NODE_ENV === 'production') {
    throw new Error('ENCORE_NOW moves the server clock for tests and is refused when NODE_ENV=production');
  }
  // A time needs its zone (Z or ±hh:mm): a bare local time would depend on the machine.
  const target = ISO_INSTANT.test(raw) ? Date.parse(raw) : NaN;
  if (Number.isNaN(target)) {
    throw new Error(`ENCORE_NOW must be an ISO date (2027-03-01) or date-time with zone (2027-03-01T09:00:00Z), not "${raw}"`);
  }
  const since = env.ENCORE_NOW_SINCE?.trim() ? Number(env.ENCORE_NOW_SINCE) : processStartMs;
  if (!Number.isFinite(since)) throw new Error(`ENCORE_NOW_SINCE must be epoch milliseconds, not "${env.ENCORE_NOW_SINCE}"`);
  return target - since;
}

/**
 * ENCORE_DEV_CLOCK=1 (development and tests only) lets POST /api/v3/dev/clock move the clock
 * forward while the server runs (src/server/api/dev-clock.ts), so a journey can see days pass
 * (a published campaign deliver) without waiting for them. Off unless exactly "1"; with
 * NODE_ENV=production the server refuses to start with it (this module throws on load), so the
 * route can never exist there.
 */
export function devClockFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  const raw = env.ENCORE_DEV_CLOCK?.trim();
  if (!raw || raw === '0') return false;
  if (env.NODE_ENV === 'production') {
    throw new Error('ENCORE_DEV_CLOCK moves the server clock for tests and is refused when NODE_ENV=production');
  }
  if (raw !== '1') throw new Error(`ENCORE_DEV_CLOCK must be 1 (on) or unset, not "${raw}"`);
  return true;
}

const shift = clockShiftFromEnv();
const devClock = devClockFromEnv();
// How far POST /dev/clock has moved the clock. On globalThis: `npm start` loads this module twice
// (its own modules, where the worker runs, and the built bundle that serves the API), and both
// must read the one advance.
const ADVANCE_KEY = Symbol.for('encore.devClockAdvanceMs');
type AdvanceHolder = { [ADVANCE_KEY]?: number };
const advanced = () => (devClock ? ((globalThis as AdvanceHolder)[ADVANCE_KEY] ?? 0) : 0);
const shifted = () => Date.now() + shift + advanced();

/** Whether ENCORE_DEV_CLOCK=1 enabled the development clock (never under NODE_ENV=production). */
export function devClockEnabled(): boolean {
  return devClock;
}

/** Development only (ENCORE_DEV_CLOCK=1): moves the clock `ms` forward for good; returns the total advance. */
export function advanceDevClock(ms: number): number {
  if (!devClock) throw new Error('the development clock is off (ENCORE_DEV_CLOCK=1 turns it on outside production)');
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`the development clock only moves forward, not by ${ms} ms`);
  const holder = globalThis as AdvanceHolder;
  holder[ADVANCE_KEY] = (holder[ADVANCE_KEY] ?? 0) + ms;
  return holder[ADVANCE_KEY];
}

/** How far POST /dev/clock has moved the clock (0 without ENCORE_DEV_CLOCK). */
export function devClockAdvanceMs(): number {
  return advanced();
}
let provider: () => number = shifted;

export function nowMs(): number {
  return provider();
}

export function now(): Date {
  return new Date(provider());
}

/** How far ENCORE_NOW moved the clock (0 normally): for the start banner and diagnostics. */
export function clockShiftMs(): number {
  return shift;
}

/** Tests only: replace the clock; call with no argument to restore it (real time, or ENCORE_NOW's). */
export function setClock(fn?: () => number): void {
  provider = fn ?? shifted;
}

// Code shared with the browser (form date rules, islands rendered on the server) asks for the
// time through src/lib/clock.ts: on the server it gets this clock.
registerClock(nowMs);

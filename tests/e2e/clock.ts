// The journeys' idea of "now": the server's clock. Normally that is real time; with ENCORE_NOW
// (playwright.config.ts hands it and ENCORE_NOW_SINCE to the server) the server's clock runs from
// that instant, and the journeys compute their days, dates and mailbox cut-offs from the same
// offset (the fixtures of fixtures.ts move the browser's clock there too).
import { clockShiftFromEnv } from '../../src/server/lib/clock';

/** Milliseconds the server's clock runs ahead of real time (0 without ENCORE_NOW). */
export const CLOCK_SHIFT_MS = process.env.ENCORE_NOW ? clockShiftFromEnv(process.env) : 0;
/** True when ENCORE_NOW moved the server's (and so the browsers') clock. */
export const CLOCK_MOVED = Boolean(process.env.ENCORE_NOW);

/** The server's current time in epoch milliseconds. */
export function serverNow(): number {
  return Date.now() + CLOCK_SHIFT_MS;
}

export function serverDate(): Date {
  return new Date(serverNow());
}

/** The server's UTC day `days` from today, YYYY-MM-DD. */
export function serverDay(days = 0): string {
  return new Date(serverNow() + days * 86_400_000).toISOString().slice(0, 10);
}

/** YYYY-MM-DD as the date fields show it (DD.MM.YYYY). */
export function displayDay(iso: string): string {
  return iso.split('-').reverse().join('.');
}

// spec 1 §2.8 "upcoming important events": what needs the organiser's attention first. An event
// selling below comparable events comes first, then the ones without a verdict yet, then those on
// track; events doing better than comparable ones, sold out or over come last. Within a rank, the
// sooner event first (less time left to act).
import type { ForecastState } from '../../lib/contracts/events';

const RANK: Record<ForecastState, number> = { below: 0, no_data: 1, on_track: 2, above: 3, sold_out: 4, finished: 5 };

export function importanceRank(state: ForecastState): number {
  return RANK[state] ?? 1;
}

export function byImportance<T extends { id: string; start_date_time: string; benchmark: { state: ForecastState } }>(items: readonly T[]): T[] {
  return [...items].sort(
    (a, b) =>
      importanceRank(a.benchmark.state) - importanceRank(b.benchmark.state) ||
      Date.parse(a.start_date_time) - Date.parse(b.start_date_time) ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** Merges a next page into what is loaded, dropping ids already there (pages may shift while scrolling). */
export function mergePage<T extends { id: string }>(loaded: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(loaded.map((e) => e.id));
  return [...loaded, ...page.filter((e) => !seen.has(e.id))];
}

/** spec 1 §9: return on ad spend as a whole percentage (3.7 → 370 %); nothing spent → no value. */
export function roasPercent(roas: number | null | undefined): number | null {
  if (roas == null || !Number.isFinite(roas)) return null;
  return Math.max(0, Math.round(roas * 100));
}

/** spec 1 §9: purchases and revenue are never shown negative. */
export const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? n : 0);

/** The dashboard's infinite scroll fetches more within 300 px of the end (spec 1 §9). */
export const LOAD_MORE_WITHIN_PX = 300;
/** spec 1 §9: scroll throttle of the dashboard list. */
export const DASHBOARD_SCROLL_THROTTLE_MS = 5;
export const DASHBOARD_PAGE_LIMIT = 30;

export function nearEnd(el: { scrollTop: number; clientHeight: number; scrollHeight: number }, within = LOAD_MORE_WITHIN_PX): boolean {
  return el.scrollHeight - (el.scrollTop + el.clientHeight) <= within;
}

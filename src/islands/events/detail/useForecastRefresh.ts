// After sales are added the server recomputes the event's forecast in the background (spec 3
// "Manual sales": the drawer shows it updating). This asks for the benchmark a few times until its
// computed_at moves on, then hands back the event with the new numbers.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { EventItem } from '../../../lib/contracts/events';
import { getEventBenchmark } from '../../../lib/api/events';

/** Waits between asks: quick at first (a small event recomputes in a second), then slower. */
export const FORECAST_POLL_DELAYS_MS = [800, 1200, 2000, 3000, 4000, 5000, 6000, 8000];

export function useForecastRefresh(event: EventItem | null): { event: EventItem | null; updating: boolean; start: (since?: string | null) => void } {
  const [updated, setUpdated] = useState<EventItem | null>(null);
  const [updating, setUpdating] = useState(false);
  const run = useRef(0);
  const current = updated ?? event;
  const currentRef = useRef(current);
  currentRef.current = current;

  useEffect(() => () => void (run.current += 1), []);

  /** `since`: the computed_at from before the sales were saved, when the caller knows it (the phone route). */
  const start = useCallback((sinceBeforeSave?: string | null) => {
    const base = currentRef.current;
    if (!base) return;
    const id = ++run.current;
    const since = sinceBeforeSave === undefined ? base.benchmark.computed_at : sinceBeforeSave || null;
    // The recompute landed before this page loaded: the numbers shown are the new ones already.
    if (base.benchmark.computed_at !== since) return;
    setUpdating(true);
    void (async () => {
      for (const delay of FORECAST_POLL_DELAYS_MS) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (run.current !== id) return;
        try {
          const benchmark = await getEventBenchmark(base.id);
          if (run.current !== id) return;
          if (benchmark.computed_at !== since) {
            setUpdated({ ...(currentRef.current ?? base), benchmark });
            setUpdating(false);
            return;
          }
        } catch (err) {
          // A failed ask is retried with the next one; the old numbers stay meanwhile.
          console.warn('Benchmark refresh failed', err);
        }
      }
      // Still the old forecast: the nightly run or the next visit shows the new one.
      if (run.current === id) setUpdating(false);
    })();
  }, []);

  return { event: current, updating, start };
}

// The event's ITC run, polled while it is unfinished. One instance per recommendations view; the
// regeneration form hands the run it started back through `adopt`, so the box shows it at once.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ItcStatusResponse } from '../../../lib/contracts/taste-clusters';
import { ApiError } from '../../../lib/api/client';
import { getItcStatus, startItcRun } from '../../../lib/api/tasteClusters';
import { ITC_POLL_MS, isPending, justSucceeded, viewOfRun, type ItcView } from './itcState';

export interface ItcStatusHandle {
  view: ItcView;
  /** Looks the status up again (the running state's refresh). */
  refresh: () => void;
  /** Starts a new run (the failed state's retry, the not-found state's first run). */
  retry: () => Promise<void>;
  /** Shows a run started elsewhere (the regeneration form). */
  adopt: (run: ItcStatusResponse) => void;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function useItcStatus(eventId: string, onSuccess: () => void, onRetryFailed: (err: unknown) => void): ItcStatusHandle {
  const [view, setViewState] = useState<ItcView>({ kind: 'loading' });
  const viewRef = useRef(view);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;
  const [tick, setTick] = useState(0);

  const setView = useCallback((next: ItcView) => {
    const prev = viewRef.current;
    viewRef.current = next;
    setViewState(next);
    if (justSucceeded(prev, next)) onSuccessRef.current();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    getItcStatus(eventId, controller.signal).then(
      (run) => setView(viewOfRun(run)),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        if (err instanceof ApiError && err.status === 404) setView({ kind: 'not_found' });
        else setView({ kind: 'error', message: messageOf(err) });
      },
    );
    return () => controller.abort();
  }, [eventId, tick, setView]);

  useEffect(() => {
    if (!isPending(view) || view.kind === 'loading') return;
    const timer = setTimeout(() => setTick((n) => n + 1), ITC_POLL_MS);
    return () => clearTimeout(timer);
  }, [view]);

  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const adopt = useCallback((run: ItcStatusResponse) => setView(viewOfRun(run)), [setView]);
  const retry = useCallback(async () => {
    const before = viewRef.current;
    setView({ kind: 'retry' });
    try {
      setView(viewOfRun(await startItcRun(eventId)));
    } catch (err) {
      setView(before.kind === 'retry' ? { kind: 'not_found' } : before);
      onRetryFailed(err);
    }
  }, [eventId, setView, onRetryFailed]);

  return { view, refresh, retry, adopt };
}

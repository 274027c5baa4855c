// spec 2 §4 "ITC regeneration" states as the status box shows them. The API answers the run's
// status (queued, running, success, failed) or a 404 for an event that never had a run; the box
// adds its own moments: loading, a retry being sent, and a lookup that failed.
import type { ItcStatusResponse } from '../../../lib/contracts/taste-clusters';

export type ItcView =
  | { kind: 'loading' }
  | { kind: 'not_found' }
  /** queued is shown as running (spec 2 §4). */
  | { kind: 'running'; run: ItcStatusResponse }
  | { kind: 'failed'; run: ItcStatusResponse }
  /** A retry (a new POST) is on its way. */
  | { kind: 'retry' }
  | { kind: 'success'; run: ItcStatusResponse }
  /** The status lookup itself failed: the message and a retry (spec 2 §8). */
  | { kind: 'error'; message: string };

export function viewOfRun(run: ItcStatusResponse): ItcView {
  switch (run.status) {
    case 'queued':
    case 'running':
      return { kind: 'running', run };
    case 'failed':
      return { kind: 'failed', run };
    case 'success':
      return { kind: 'success', run };
  }
}

/** Polling continues while a run is unfinished. */
export const isPending = (v: ItcView) => v.kind === 'running' || v.kind === 'retry' || v.kind === 'loading';

/** spec 2 §5 / §4 "Setup start": no start while the ITC is loading, running, failed or in error. */
export const blocksSetup = (v: ItcView) => v.kind !== 'success';

/** spec 2 §4: a run that finished successfully after being seen unfinished is news (toast, refetch). */
export function justSucceeded(prev: ItcView, next: ItcView): boolean {
  return next.kind === 'success' && (prev.kind === 'running' || prev.kind === 'retry');
}

/** How often an unfinished run is looked up again. */
export const ITC_POLL_MS = 3000;

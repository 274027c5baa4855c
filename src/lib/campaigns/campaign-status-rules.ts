// spec 2 §4 "Campaign status" (issue 22): the rules of the status and optimisation switches in
// the campaigns-side event header's dots menu, shared by the menu and the server (one place each).

export type DeliveryStatus = 'ACTIVE' | 'PAUSED';
/** spec 2 §4: a marketing campaign is active, paused or ended. */
export type MarketingState = 'active' | 'paused' | 'ended';
/** spec 2 §4 "Task state mapping (status tasks)". */
export type StatusTaskState = 'running' | 'failed' | 'success' | 'not_found';
/** What the status switch's label reads. */
export type StatusLabel = 'pending' | 'inactive' | 'active' | 'paused';

/**
 * spec 2 §4: Active = ACTIVE with a stop time not in the past; Paused = PAUSED with a stop time in
 * the future; Ended = either with a stop time in the past. Null without a campaign.
 */
export function marketingState(status: string | null | undefined, stopTime: string | Date | null | undefined, now: Date): MarketingState | null {
  if ((status !== 'ACTIVE' && status !== 'PAUSED') || stopTime == null) return null;
  const stop = new Date(stopTime).getTime();
  if (!Number.isFinite(stop)) return null;
  if (stop < now.getTime()) return 'ended';
  return status === 'ACTIVE' ? 'active' : 'paused';
}

/**
 * spec 2 §4: REVOKED, FAILURE and RETRY become failed; PENDING, PROGRESS and STARTED running;
 * SUCCESS stays; no task (a 404 from the lookup) is not_found. An unknown state reads as failed:
 * the switch must not stay locked on a state nobody will ever finish.
 */
export function statusTaskState(celery: string | null): StatusTaskState {
  if (celery === null) return 'not_found';
  const s = celery.toUpperCase();
  if (s === 'SUCCESS') return 'success';
  if (s === 'PENDING' || s === 'PROGRESS' || s === 'STARTED') return 'running';
  return 'failed';
}

/** spec 2 §4: pending while the status task runs, otherwise inactive if ended, else active or paused. */
export function statusLabel(state: MarketingState | null, task: StatusTaskState): StatusLabel {
  if (task === 'running') return 'pending';
  if (state === 'ended' || state === null) return 'inactive';
  return state;
}

/** spec 2 §4: the toggle is disabled while the status task runs and after the campaign ended. */
export function statusToggleEnabled(state: MarketingState | null, task: StatusTaskState): boolean {
  return task !== 'running' && (state === 'active' || state === 'paused');
}

/** spec 2 §4: the optimisation toggle shows only for an active campaign that is not pending. */
export function optimisationVisible(state: MarketingState | null, task: StatusTaskState): boolean {
  return state === 'active' && task !== 'running';
}

/** spec 2 §4: the optimisation switch is on unless the optimisation is paused. */
export function optimisationOn(status: string | null | undefined): boolean {
  return status !== 'PAUSED';
}

/** The status a switch turned to `on` asks for. */
export const switchedTo = (on: boolean): DeliveryStatus => (on ? 'ACTIVE' : 'PAUSED');

/** How often the menu asks about a running status task (the worker usually finishes within seconds). */
export const STATUS_TASK_POLL_MS = 3_000;

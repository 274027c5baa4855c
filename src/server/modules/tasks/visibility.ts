// Who may read a task by its id (GET /tasks/{id}; issue 24 §1). A task holds what its run found —
// a Sentinel answer's customer ids and SQL, an import's outcome, a boost's campaign — so knowing
// a task id is not enough: the user who started a task sees it; others of the partner see it only
// where the task's module shares it with them, and only with that module's permission. Tasks the
// system started (no user: the nightly forecast, mails, delivery) are shared the same way or not at all.
import type { PermissionName } from '../../../lib/constants';

/**
 * Kinds that colleagues may follow, with the permissions of which they need one. A kind not listed is its
 * starter's alone (a Sentinel question, a history import or preview, a Meta code exchange, mails).
 */
export const SHARED_TASK_KINDS: Readonly<Record<string, readonly PermissionName[]>> = {
  // A setup belongs to the partner's campaign team: a colleague who opens the event while it is
  // being published follows the same boost, and the campaign's status and budget changes.
  'setup_process.boost': ['wave'],
  'campaigns.status': ['wave'],
  'campaigns.budget_runtime': ['wave'],
  'taste_clusters.itc': ['wave'],
  // A forecast recompute says only that some events' numbers are being refreshed; the events
  // list and the sales entry (which waits for it after added sales) follow it.
  'forecast.recompute': ['lookout', 'sales'],
};

export interface TaskOwner {
  kind: string;
  userId: string | null;
}

export interface TaskReader {
  userId: string;
  permissions: Readonly<Record<PermissionName, boolean>>;
}

export function mayReadTask(task: TaskOwner, reader: TaskReader): boolean {
  if (task.userId !== null && task.userId === reader.userId) return true;
  return (SHARED_TASK_KINDS[task.kind] ?? []).some((permission) => reader.permissions[permission] === true);
}

// What a failed task tells the browser. GET /tasks/{id} is read by the browser, so a failure
// carries an error code and a message meant for users, never the raw error of a handler (SQL,
// file paths, a stack): AppError codes and messages are written for users and pass through;
// anything else becomes error.task.failed and the details go to the server log only.
import { AppError } from '../../lib/errors';

export interface TaskFailure {
  error_code: `error.${string}`;
  message: string;
}

export const TASK_FAILED: TaskFailure = { error_code: 'error.task.failed', message: 'The task failed. Please try again.' };
/** A task whose worker stopped while it ran, with no attempt left (tasks/repo.ts failAbandonedTasks). */
export const TASK_INTERRUPTED: TaskFailure = { error_code: 'error.task.interrupted', message: 'The task was interrupted before it finished and was not started again. Please check its outcome and start it again if needed.' };

/** The stored result of a task that failed (or will retry) with `err`. */
export function taskFailure(err: unknown): TaskFailure {
  if (err instanceof AppError) return { error_code: err.code, message: err.message };
  return TASK_FAILED;
}

const isFailureStatus = (status: string) => status === 'FAILURE' || status === 'RETRY';

/**
 * The result as GET /tasks/{id} answers it. A failure's result is reduced to {error_code,
 * message} whatever was stored (rows written before this rule held `{error: <raw message>}`).
 */
export function publicTaskResult(status: string, result: unknown): unknown {
  if (!isFailureStatus(status)) return result ?? null;
  const r = result as Partial<TaskFailure> | null | undefined;
  if (r && typeof r.error_code === 'string' && /^error(\.[A-Za-z_]+){2,3}$/.test(r.error_code) && typeof r.message === 'string') {
    return { error_code: r.error_code, message: r.message };
  }
  return status === 'FAILURE' || result != null ? TASK_FAILED : null;
}

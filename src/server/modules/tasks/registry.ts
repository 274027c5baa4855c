// Handlers of background work by task kind. Modules register theirs at import time; the worker
// runs whatever kind it claims.
import type { Db } from '../../db/client';

export interface TaskContext {
  db: Db;
  taskId: string;
  partnerId: number | null;
  userId: string | null;
  attempt: number;
  /** Report progress; the task shows status PROGRESS with this as its result. */
  progress: (info: Record<string, unknown>) => Promise<void>;
}

export type TaskHandler = (payload: unknown, ctx: TaskContext) => Promise<unknown>;

const handlers = new Map<string, TaskHandler>();

export function registerTask(kind: string, handler: TaskHandler): void {
  handlers.set(kind, handler);
}

export function taskHandler(kind: string): TaskHandler | undefined {
  return handlers.get(kind);
}

/** Thrown by a handler for a failure that a retry cannot fix (bad payload, missing row). */
export class PermanentTaskError extends Error {}

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

/** Called when a task of the kind was interrupted with no attempt left and ended FAILURE. */
export type AbandonedHandler = (task: { id: string; payload: unknown; partnerId: number | null }, db: Db) => Promise<void>;

const handlers = new Map<string, TaskHandler>();
const abandoned = new Map<string, AbandonedHandler>();

export function registerTask(kind: string, handler: TaskHandler, opts: { onAbandoned?: AbandonedHandler } = {}): void {
  handlers.set(kind, handler);
  if (opts.onAbandoned) abandoned.set(kind, opts.onAbandoned);
}

export function taskHandler(kind: string): TaskHandler | undefined {
  return handlers.get(kind);
}

export function abandonedHandler(kind: string): AbandonedHandler | undefined {
  return abandoned.get(kind);
}

/** Thrown by a handler for a failure that a retry cannot fix (bad payload, missing row). */
export class PermanentTaskError extends Error {}

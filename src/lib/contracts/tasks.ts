import { z } from 'zod';

export const TaskStatus = z.enum(['PENDING', 'STARTED', 'PROGRESS', 'SUCCESS', 'FAILURE', 'REVOKED', 'RETRY']);
export type TaskStatus = z.infer<typeof TaskStatus>;

export const TaskIdParam = z.object({ id: z.uuid() });
export const TaskResponse = z.object({ task_id: z.string(), ready: z.boolean(), status: TaskStatus, result: z.unknown().nullable() });
export type TaskResponse = z.infer<typeof TaskResponse>;

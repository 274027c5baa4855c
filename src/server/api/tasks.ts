// ARCHITECTURE.md §3: GET /tasks/{id} → {ready, status, result}.
import { Hono } from 'hono';
import { TaskIdParam, type TaskResponse } from '../../lib/contracts/tasks';
import { findPartnerTask } from '../modules/tasks/repo';
import { publicTaskResult } from '../modules/tasks/failure';
import { notFound } from '../lib/errors';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const READY = new Set(['SUCCESS', 'FAILURE', 'REVOKED']);

export const tasksRouter = new Hono<Env>().get('/:id', validate('param', TaskIdParam), async (c) => {
  const viewer = partnerViewerOf(c);
  const task = await findPartnerTask(c.var.db, c.req.valid('param').id, viewer.partner.id);
  if (!task) throw notFound('Task');
  const body: TaskResponse = { task_id: task.id, ready: READY.has(task.status), status: task.status, result: publicTaskResult(task.status, task.result) };
  return c.json(body);
});

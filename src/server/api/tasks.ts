// ARCHITECTURE.md §3: GET /tasks/{id} → {ready, status, result}.
import { Hono } from 'hono';
import { TaskIdParam, type TaskResponse } from '../../lib/contracts/tasks';
import { findPartnerTask } from '../modules/tasks/repo';
import { publicTaskResult } from '../modules/tasks/failure';
import { notFound } from '../lib/errors';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { EXCHANGE_TASK } from '../modules/meta-connect/service';
import { connectCtxOf } from './connect-identity';
import { validate } from './validate';

const READY = new Set(['SUCCESS', 'FAILURE', 'REVOKED']);

export const tasksRouter = new Hono<Env>().get('/:id', validate('param', TaskIdParam), async (c) => {
  const identity = c.var.connectIdentity;
  const partnerId = identity ? identity.partnerId : partnerViewerOf(c).partner.id;
  const task = await findPartnerTask(c.var.db, c.req.valid('param').id, partnerId);
  // A shared-link session or partner token sees only the Meta code exchanges it started itself.
  if (!task || (identity && (task.kind !== EXCHANGE_TASK || (task.payload as { actor?: string }).actor !== connectCtxOf(c).actor))) throw notFound('Task');
  const body: TaskResponse = { task_id: task.id, ready: READY.has(task.status), status: task.status, result: publicTaskResult(task.status, task.result) };
  return c.json(body);
});

// ARCHITECTURE.md §3: GET /tasks/{id} → {ready, status, result}.
import { Hono } from 'hono';
import { TaskIdParam, type TaskResponse } from '../../lib/contracts/tasks';
import { findPartnerTask } from '../modules/tasks/repo';
import { mayReadTask } from '../modules/tasks/visibility';
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
  const viewer = identity ? null : partnerViewerOf(c);
  const partnerId = identity ? identity.partnerId : viewer!.partner.id;
  const task = await findPartnerTask(c.var.db, c.req.valid('param').id, partnerId);
  // A shared-link session or partner token sees only the Meta code exchanges it started itself;
  // a signed-in user the tasks they started and those their colleagues' modules share (404 for the
  // rest, as for an unknown id: a task id says nothing about whether it exists).
  const visible = identity
    ? task?.kind === EXCHANGE_TASK && (task.payload as { actor?: string }).actor === connectCtxOf(c).actor
    : task !== undefined && mayReadTask(task, viewer!);
  if (!task || !visible) throw notFound('Task');
  const body: TaskResponse = { task_id: task.id, ready: READY.has(task.status), status: task.status, result: publicTaskResult(task.status, task.result) };
  return c.json(body);
});

// Issue 12: POST /partners/history_import (settings #system "Import ticketing history"). The
// settings permission is checked by prefix (src/lib/routes.ts API_RULES); the answer is the task
// whose progress and outcome GET /tasks/{id} reports.
import { Hono } from 'hono';
import { HistoryImportRequest, type HistoryImportResponse } from '../../lib/contracts/history-import';
import { startHistoryImport } from '../modules/history-import/task';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

export const historyImportRouter = new Hono<Env>().post('/', validate('json', HistoryImportRequest), async (c) => {
  const viewer = partnerViewerOf(c);
  const task = await startHistoryImport(c.var.db, { partnerId: viewer.partner.id, userId: viewer.userId }, c.req.valid('json'));
  const body: HistoryImportResponse = { task_id: task.id };
  return c.json(body, 202);
});

// Issue 12: POST /partners/history_import (settings #system "Import ticketing history"); issue 20
// §4: the console previews first (POST …/preview) and writes only on confirm (POST
// …/preview/{task_id}/confirm). The settings permission is checked by prefix (src/lib/routes.ts
// API_RULES); each answer is a task whose progress and outcome GET /tasks/{id} reports.
import { Hono } from 'hono';
import { HistoryImportRequest, HistoryPreviewParam, type HistoryImportResponse } from '../../lib/contracts/history-import';
import { confirmHistoryPreview, startHistoryImport, startHistoryPreview } from '../modules/history-import/task';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

const whoOf = (c: { var: Env['Variables'] }) => {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, userId: viewer.userId };
};

export const historyImportRouter = new Hono<Env>()
  .post('/', validate('json', HistoryImportRequest), async (c) => {
    const task = await startHistoryImport(c.var.db, whoOf(c), c.req.valid('json'));
    const body: HistoryImportResponse = { task_id: task.id };
    return c.json(body, 202);
  })
  .post('/preview', validate('json', HistoryImportRequest), async (c) => {
    const task = await startHistoryPreview(c.var.db, whoOf(c), c.req.valid('json'));
    const body: HistoryImportResponse = { task_id: task.id };
    return c.json(body, 202);
  })
  .post('/preview/:task_id/confirm', validate('param', HistoryPreviewParam), async (c) => {
    const task = await confirmHistoryPreview(c.var.db, whoOf(c), c.req.valid('param').task_id);
    const body: HistoryImportResponse = { task_id: task.id };
    return c.json(body, 202);
  });

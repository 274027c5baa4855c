// spec 2 §7 "Reports": /api/v3/user_reports (contract: src/lib/contracts/user-reports.ts). The
// wave permission comes from API_RULES; every query is scoped to the viewer's partner.
import { Hono } from 'hono';
import { DeleteUserReportsBody, UserReportBody, UserReportsQuery } from '../../lib/contracts/user-reports';
import { createReport, deleteReportsOfSetups, listReports, type ReportCtx } from '../modules/user-reports';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';

import { validate } from './validate';

function ctxOf(c: { var: Env['Variables'] }): ReportCtx {
  const viewer = partnerViewerOf(c);
  return { partnerId: viewer.partner.id, userId: viewer.userId };
}

export const userReportsRouter = new Hono<Env>()
  .post('/', validate('json', UserReportBody), async (c) => c.json(await createReport(c.var.db, ctxOf(c), c.req.valid('json')), 201))
  .get('/', validate('query', UserReportsQuery), async (c) => c.json(await listReports(c.var.db, ctxOf(c), c.req.valid('query'))))
  .post('/delete', validate('json', DeleteUserReportsBody), async (c) => {
    await deleteReportsOfSetups(c.var.db, ctxOf(c), c.req.valid('json').setup_process_ids);
    return c.body(null, 204);
  });

// spec 3 §7 sales calls: manual sales summary and spreadsheet upload under /ingest, the sales
// export and adjustment import under /daily_revenue_summary. Permissions and flags come from
// src/lib/routes.ts API_RULES: the module permission by prefix; the export/import additionally
// needs `sales` and is taken away by the simple-user flag (the events page's rule, CONTROL_RULES).
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { SalesExportQuery, SalesImportQuery, TransactionSummaryRequest } from '../../lib/contracts/sales';
import { AppError } from '../lib/errors';
import { ingestTransactionSummary } from '../modules/sales/ingest';
import { uploadSalesFromExcel } from '../modules/sales/upload';
import { salesEditExport } from '../modules/sales/export';
import { importSalesEdits } from '../modules/sales/adjust';
import { withSalesAdjustmentNotice, withSalesUploadNotice } from '../modules/notifications/producers';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';
import { text } from '../../lib/contracts/common';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../lib/contracts/limits';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The multipart field `file` as bytes; a missing file is the caller's `empty_file` code. */
export async function uploadedFile(c: Context<Env>, missingCode: `error.${string}`): Promise<Buffer> {
  const type = c.req.header('content-type') ?? '';
  if (!type.startsWith('multipart/form-data')) throw new AppError(400, missingCode, 'Send the file as multipart/form-data in the field `file`', 'file');
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError(400, missingCode, 'The upload could not be read', 'file');
  }
  // The input net of validate.ts for multipart fields and file names (see there).
  const unsafe = findUnsafeText(body);
  if (unsafe !== null) throw new AppError(400, 'error.validation.invalid', 'Invalid request', undefined, undefined, [{ path: unsafe, message: UNSAFE_TEXT_MESSAGE }]);
  const file = body['file'];
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, missingCode, 'Choose a file', 'file');
  return Buffer.from(await file.arrayBuffer());
}

export const ingestRouter = new Hono<Env>()
  .post('/transaction_summary', validate('json', TransactionSummaryRequest), async (c) =>
    c.json(await ingestTransactionSummary(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json'))),
  )
  .post('/transaction_summary/from_excel', validate('query', z.object({ eid: text().min(1).max(200) })), async (c) => {
    const viewer = partnerViewerOf(c);
    const partnerId = viewer.partner.id;
    const eid = c.req.valid('query').eid;
    const who = { partnerId, userId: viewer.userId };
    return c.json(await withSalesUploadNotice(c.var.db, who, eid, async () => uploadSalesFromExcel(c.var.db, partnerId, eid, await uploadedFile(c, 'error.upload_sales_from_excel.empty_file'))));
  });

/** Mounted on /daily_revenue_summary (lookout by prefix; `sales` and not simple-user by API_RULES). */
export const salesEditRouter = new Hono<Env>()
  .get('/sales_edit_export', validate('query', SalesExportQuery), async (c) => {
    const viewer = partnerViewerOf(c);
    const body = await salesEditExport(c.var.db, viewer.partner, c.req.valid('query'));
    return c.body(new Uint8Array(body), 200, {
      'Content-Type': XLSX_TYPE,
      'Content-Disposition': 'attachment; filename="exported-data.xlsx"',
    });
  })
  .post('/sales_edit_export', validate('query', SalesImportQuery), async (c) => {
    const viewer = partnerViewerOf(c);
    const partnerId = viewer.partner.id;
    const who = { partnerId, userId: viewer.userId };
    return c.json(await withSalesAdjustmentNotice(c.var.db, who, async () => importSalesEdits(c.var.db, partnerId, await uploadedFile(c, 'error.sales_edit.empty_file'), c.req.valid('query').date_format)));
  });

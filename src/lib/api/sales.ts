// spec 3 §7 sales entry calls: the manual summary and the spreadsheet upload. Both carry the
// preferred-partner header (client.ts adds it to every main-API request).
import type { IngestResponse, TransactionSummaryRequest } from '../contracts/sales';
import { call, mainApi } from './client';

export const SALES_TEMPLATE_HREF = '/downloads/sales_template.xlsx';

export const postTransactionSummary = (payload: TransactionSummaryRequest, signal?: AbortSignal) =>
  call<IngestResponse>(mainApi, '/ingest/transaction_summary', { method: 'POST', json: payload, signal });

export function uploadSalesSpreadsheet(eventId: string, file: File, signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call<IngestResponse>(mainApi, '/ingest/transaction_summary/from_excel', { method: 'POST', body, searchParams: { eid: eventId }, signal });
}

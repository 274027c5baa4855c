// spec 3 §3, §5, §7, §8: the sales-entry calls. Manual sales summary, the spreadsheet upload of
// sales, the sales template, and the export/adjustment import of the events page.
//
// Paths (all under /api/v3, all need the `sales` permission and a chosen partner):
//   POST /ingest/transaction_summary                      JSON TransactionSummaryRequest → IngestResponse
//   POST /ingest/transaction_summary/from_excel?eid={id}  multipart field `file` (.xlsx/.xls) → IngestResponse
//   GET  /daily_revenue_summary/sales_edit_export?{EventListQuery}&currency=&date_format=  → exported-data.xlsx
//   POST /daily_revenue_summary/sales_edit_export         multipart field `file` (.xlsx) → SalesEditImportResponse
//   GET  /downloads/sales_template.xlsx (site path, signed in) → the template workbook
//
// Failures answer the common error body (contracts/common.ts): `error_code` one of the codes
// below, `error_subcode` where the failure is somewhere in the file (a cell reference such as
// `Sales!B12`, a header `Sales!A1`, or a limit name such as `too_many_rows`), and `issues` listing
// up to 50 failures of the file as {path: cell reference, message: code}.
import { z } from 'zod';
import { boundedInt, money, text } from './common';
import { EventListQuery } from './events';
import { isCalendarDate, LIMITS } from './limits';

/** spec 3 §9: the seven ticket types as the sales payload spells them. */
export const SALES_TICKET_TYPES = ['subscription', 'regular', 'regular discount', 'discount', 'cancelled', 'free', 'reserved'] as const;
export type SalesTicketType = (typeof SALES_TICKET_TYPES)[number];

/** The stored spelling (ticket_transactions.ticket_type) of a payload ticket type. */
export const storedTicketType = (t: SalesTicketType) => t.replace(' ', '_') as StoredTicketType;
export type StoredTicketType = 'subscription' | 'regular' | 'regular_discount' | 'discount' | 'cancelled' | 'free' | 'reserved';

/** YYYY-MM-DD, a real calendar day. */
export const SalesDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').refine(isCalendarDate, 'Not a calendar date');

/**
 * spec 3 §5: tickets at least 1, revenue at least 0 (major units of the partner's currency, at
 * most two decimals); both bounded per entry (limits.ts), as the spreadsheet rows are.
 */
export const TicketTypeFigures = z.object({
  count: boundedInt(1, LIMITS.ticketsPerEntry),
  revenue: money(LIMITS.revenuePerEntry),
});
export type TicketTypeFigures = z.infer<typeof TicketTypeFigures>;

/**
 * POST /ingest/transaction_summary. At least one ticket type; start ≤ end ≤ min(today, event
 * date) (UTC days), checked on the server. The sales are recorded as manual transactions on
 * the end date (one per ticket type), so they show as one manual adjustment on that day.
 */
export const TransactionSummaryRequest = z
  .object({
    event_id: text().min(1).max(200),
    start_date: SalesDate,
    end_date: SalesDate,
    ticket_types: z.partialRecord(z.enum(SALES_TICKET_TYPES), TicketTypeFigures),
  })
  .strict()
  .refine((v) => Object.keys(v.ticket_types).length > 0, { path: ['ticket_types'], message: 'Give one ticket type or more' })
  .refine((v) => v.end_date >= v.start_date, { path: ['end_date'], message: 'The end date cannot precede the start date' });
export type TransactionSummaryRequest = z.infer<typeof TransactionSummaryRequest>;

/** 200 of both ingest calls. */
export const IngestResponse = z.object({
  success: z.literal(true),
  event_id: z.string(),
  /** Transactions written. */
  transactions: z.number().int(),
  /** Tickets (sum of counts, cancelled included) and revenue (major units) written. */
  tickets: z.number().int(),
  revenue: z.number(),
  /** The forecast.recompute task that will refresh the event's forecast (GET /tasks/{id}). */
  recompute_task_id: z.string().nullable(),
});
export type IngestResponse = z.infer<typeof IngestResponse>;

/** Server codes of POST /ingest/transaction_summary (besides error.validation.invalid / error.common.notFound). */
export const TRANSACTION_SUMMARY_ERRORS = ['error.sales_edit.invalid_date_range'] as const;

/** spec 3 §8 server codes of the spreadsheet upload (the client maps unknown ones to FILE_NOT_UNIQUE_OR_INVALID). */
export const UPLOAD_SALES_ERRORS = [
  'error.upload_sales_from_excel.invalid_ticket_type',
  'error.upload_sales_from_excel.invalid_transaction_date',
  'error.upload_sales_from_excel.invalid_transaction_count',
  'error.upload_sales_from_excel.invalid_total_revenue',
  'error.upload_sales_from_excel.already_exist',
  'error.upload_sales_from_excel.empty_file',
  'error.upload_sales_from_excel.invalid_schema',
  'error.upload_sales_from_excel.required_fields_missing',
  'error.upload_sales_from_excel.invalid_file_type',
  'error.upload_sales_from_excel.file_too_large',
] as const;
export type UploadSalesError = (typeof UPLOAD_SALES_ERRORS)[number];

/** spec 3 §3: the template's columns, in order. */
export const SALES_TEMPLATE_COLUMNS = ['Date*', 'Tickets*', 'Revenue*', 'Ticket Type'] as const;
export const SALES_TEMPLATE_PATH = '/downloads/sales_template.xlsx';
/** Upload limits, shared by browser pre-checks and the server. */
export const SPREADSHEET_MAX_BYTES = 10 * 1024 * 1024;
export const SPREADSHEET_MAX_ROWS = 200_000;

/** spec 3 §7: export date formats per language. */
export const EXPORT_DATE_FORMATS = ['mm/dd/yyyy', 'dd.mm.yyyy', 'dd/mm/yyyy'] as const;
export type ExportDateFormat = (typeof EXPORT_DATE_FORMATS)[number];

/** The export's layout (one row per event and day with sales): these columns, then per ticket type `<type> tickets`, `<type> revenue`. */
export const SALES_EXPORT_SHEET = 'Sales';
export const SALES_EXPORT_LEAD_COLUMNS = ['Event ID', 'Event', 'Event date', 'Date'] as const;
/** The export's query: the event list query (page and limit ignored) plus currency and date format. */
export const SALES_EXPORT_MAX_EVENTS = 20_000;
/**
 * Import semantics: rows are matched by Event ID and Date; each ticket type's cells are the
 * day's new totals (all sources). A blank cell leaves that figure unchanged, a row left out
 * leaves that day unchanged; the difference to the stored totals is written as a manual
 * adjustment (negative when a total went down). Re-importing an unchanged export changes nothing.
 */
export const SALES_EXPORT_TYPE_COLUMNS = SALES_TICKET_TYPES.flatMap((t) => [`${t} tickets`, `${t} revenue`]);

/** 200 of POST /daily_revenue_summary/sales_edit_export. */
export const SalesEditImportResponse = z.object({
  success: z.literal(true),
  /** Events whose sales changed. */
  events: z.number().int(),
  /** Manual adjustment transactions written (one per changed event, day and ticket type). */
  adjustments: z.number().int(),
  recompute_task_id: z.string().nullable(),
});
export type SalesEditImportResponse = z.infer<typeof SalesEditImportResponse>;

/** Server codes of the adjustment import (spec 3 §8 maps them to FILE_INVALID unless known). */
export const SALES_EDIT_ERRORS = [
  'error.sales_edit.invalid_file_type',
  'error.sales_edit.empty_file',
  'error.sales_edit.invalid_schema',
  'error.sales_edit.unknown_event',
  'error.sales_edit.invalid_transaction_date',
  'error.sales_edit.invalid_transaction_count',
  'error.sales_edit.invalid_total_revenue',
  'error.sales_edit.invalid_date_range',
  'error.sales_edit.duplicate_row',
  'error.sales_edit.too_many_events',
  'error.sales_edit.file_too_large',
] as const;
export type SalesEditError = (typeof SALES_EDIT_ERRORS)[number];

/** GET /daily_revenue_summary/sales_edit_export query. */
export const SalesExportQuery = EventListQuery.extend({
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
  date_format: z.enum(EXPORT_DATE_FORMATS).default('dd.mm.yyyy'),
});
export type SalesExportQuery = z.output<typeof SalesExportQuery>;

/** POST /daily_revenue_summary/sales_edit_export query: how typed-in slash dates read (date cells need nothing). */
export const SalesImportQuery = z.object({ date_format: z.enum(EXPORT_DATE_FORMATS).optional() });

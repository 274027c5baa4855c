// Issue 12: importing a partner's ticketing history (events.csv + transactions.csv), from the CLI
// (`npm run import-history`) and from settings #system ("Import ticketing history").
//
//   POST /partners/history_import   {events: UploadRef, transactions: UploadRef} → 202 {task_id}
//   GET  /tasks/{task_id}           PROGRESS: HistoryImportProgress; SUCCESS: HistoryImportOutcome
//
// Issue 20 §4, the console asks before it writes:
//   POST /partners/history_import/preview                  {events, transactions} → 202 {task_id}
//        (history.preview: checks the files and computes what the import would change, writing nothing)
//   POST /partners/history_import/preview/{task_id}/confirm                       → 202 {task_id}
//        (history.import with the previewed uploads; 404 for another partner's or user's preview,
//        409 once confirmed, or while the preview is unfinished or refused)
// POST /partners/history_import stays for API clients that import without asking.
//
// Both files are completed uploads of the multipart protocol (contracts/storage.ts) of the
// caller's partner; the call needs the settings permission (src/lib/routes.ts API_RULES).
// A refused import is a task that did its work: SUCCESS with outcome 'refused' and the problems.
import { z } from 'zod';
import { text } from './common';

/** The two files and their columns, as README "Importing ticketing history" documents them. */
export const HISTORY_FILES = ['events', 'transactions'] as const;
export type HistoryFile = (typeof HISTORY_FILES)[number];

export const EVENT_FILE_COLUMNS = { required: ['event_id', 'title', 'category', 'venue', 'hall', 'city', 'capacity', 'start'], optional: ['status'] } as const;
export const TRANSACTION_FILE_COLUMNS = { required: ['event_id', 'sold_at', 'quantity', 'amount'], optional: ['ticket_type', 'price_category'] } as const;
export type EventFileColumn = (typeof EVENT_FILE_COLUMNS)['required' | 'optional'][number];
export type TransactionFileColumn = (typeof TRANSACTION_FILE_COLUMNS)['required' | 'optional'][number];

/** The partner's own event id: printable text (no control characters), 1–64 characters. */
export const EXTERNAL_ID_MAX = 64;
/** Problems listed in full; the total is counted beyond that. */
export const MAX_LISTED_PROBLEMS = 100;
/** An events file is held in memory while the transactions stream past it. */
export const MAX_IMPORT_EVENTS = 200_000;
export const MAX_IMPORT_TRANSACTIONS = 20_000_000;

/**
 * Why a file, line or field is refused. File-level codes come with line 1 (the header) or the
 * line where reading stopped; `column` is null when no single column is meant.
 */
export const HISTORY_PROBLEM_CODES = [
  // the file as a whole
  'empty_file', 'missing_header', 'wrong_delimiter', 'missing_column', 'unknown_column', 'duplicate_column', 'csv_syntax',
  'record_too_large', 'unreadable', 'too_many_rows',
  // a line or a field
  'field_count', 'invalid_utf8', 'unsafe_text', 'required', 'too_long', 'invalid_id', 'invalid_category',
  'not_integer', 'out_of_range', 'invalid_datetime', 'invalid_date', 'future_sale', 'invalid_amount',
  'comma_decimal', 'too_many_decimals', 'invalid_ticket_type', 'invalid_status', 'duplicate_event_id',
  'unknown_event_id', 'event_id_taken',
] as const;
export type HistoryProblemCode = (typeof HISTORY_PROBLEM_CODES)[number];

export interface HistoryProblem {
  file: HistoryFile;
  /** 1-based physical line where the record starts (the header is line 1). */
  line: number;
  /** The column name as the format names it, or null for the line or file as a whole. */
  column: string | null;
  code: HistoryProblemCode;
  /** English, for the CLI and logs; the console translates `code`. */
  message: string;
  /** The offending value (cut to 80 characters) where one helps. */
  value?: string;
}

export interface HistoryImportCounts {
  events_created: number;
  events_updated: number;
  transactions: number;
  /** Transactions of earlier imports replaced by this one (re-import of the same events). */
  transactions_replaced: number;
  venues_created: number;
  halls_created: number;
}

export type HistoryImportOutcome =
  | ({
      outcome: 'imported';
      partner_id: number;
      forecasts: number;
      /** Upcoming forecasts that moved by more than `moved_points` (the summary notification's count). */
      forecasts_moved: number;
      moved_points: number;
      /** Events whose forecast newly says 'below'. */
      events_below: number;
    } & HistoryImportCounts)
  | { outcome: 'refused'; problems: HistoryProblem[]; problem_count: number };

/** An upcoming event whose forecast the import would move by more than `moved_points`. */
export interface HistoryForecastMove {
  event_id: string;
  title: string;
  /** ISO 8601 */
  start: string;
  /** Predicted final sales, percent of capacity: stored now, and after the import. */
  before: number;
  after: number;
}

/** Moves listed in a preview, largest first; the total is counted beyond. */
export const MAX_LISTED_MOVES = 50;

/** What confirming would do, computed without writing anything. */
export type HistoryPreviewOutcome =
  | ({
      outcome: 'preview';
      /** Percentage points a forecast must move by to be listed (one constant on the server). */
      moved_points: number;
      moves: HistoryForecastMove[];
      moves_count: number;
      /** Events whose forecast would newly say 'below'. */
      events_below: number;
      /** Set once the preview was confirmed: the import's task. */
      confirmed_task_id?: string;
    } & HistoryImportCounts)
  | { outcome: 'refused'; problems: HistoryProblem[]; problem_count: number };

export const HISTORY_PHASES = ['validating', 'writing', 'forecasting', 'comparing'] as const;
export type HistoryPhase = (typeof HISTORY_PHASES)[number];

/** The PROGRESS result of the task; `fraction` is 0..1 of the phase, null when unknown. */
export interface HistoryImportProgress {
  phase: HistoryPhase;
  fraction: number | null;
  /** Rows read (validating) or written (writing) so far. */
  rows: number;
}

const UploadRef = z.object({ upload_id: z.uuid(), object_key: text().min(1).max(1024) });
export const HistoryImportRequest = z.object({ events: UploadRef, transactions: UploadRef });
export type HistoryImportRequest = z.infer<typeof HistoryImportRequest>;
export type HistoryImportResponse = { task_id: string };

/** The task kind (GET /tasks/{id} answers its progress and outcome). */
export const HISTORY_IMPORT_TASK = 'history.import';
/** The preview's task kind; its id is what a confirm names. */
export const HISTORY_PREVIEW_TASK = 'history.preview';
export const HistoryPreviewParam = z.object({ task_id: z.uuid() });

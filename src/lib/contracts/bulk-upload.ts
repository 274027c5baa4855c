// spec 3 §3 "Bulk upload workbook", §7 POST events/bulk_upload, §9 template date formats.
// Plain constants and types (no zod) so the upload page may import values from here.

/** spec 3 §9: bulk templates EU dd.mm.yyyy and US mm/dd/yyyy; the settings sheet's aux_date_format. */
export const BULK_REGIONS = { eu: 'dd.mm.yyyy', us: 'mm/dd/yyyy' } as const;
export type BulkRegion = keyof typeof BULK_REGIONS;
export type AuxDateFormat = (typeof BULK_REGIONS)[BulkRegion];

export const bulkTemplateHref = (region: BulkRegion) => `/downloads/events_template_${region}.xlsx`;

/** spec 3 §9: after a successful upload the page goes to / after 2 s. */
export const BULK_REDIRECT_MS = 2000;

/** The workbook's sheets by canonical key; `workbook` is for findings about the file as a whole. */
export const BULK_SHEETS = ['events', 'lineups', 'setlists', 'settings'] as const;
export type BulkSheet = (typeof BULK_SHEETS)[number] | 'workbook';

export const EVENT_COLUMNS = ['identifier', 'title', 'category', 'date', 'time', 'price', 'city', 'venue', 'hall', 'capacity', 'description'] as const;
export const LINEUP_COLUMNS = ['identifier', 'artist', 'role'] as const;
export const SETLIST_COLUMNS = ['identifier', 'composer', 'work'] as const;
export type BulkField = (typeof EVENT_COLUMNS)[number] | (typeof LINEUP_COLUMNS)[number] | (typeof SETLIST_COLUMNS)[number] | 'aux_date_format' | '';

/**
 * Why a cell or row is refused. The event form's reasons (eventEdit.errors.*) keep their names so
 * a bulk row and the form say the same thing; the rest only happen in a workbook.
 */
export const BULK_REASONS = [
  'required', 'tooLong', 'negativeError', 'decimalError', 'notANumber', 'tooEarly', 'timeStep', 'badDate', 'badCategory', 'badRole',
  'badText', 'capacityTooLarge', 'priceTooLarge', 'priceDecimals',
  'badTime', 'badIdentifier', 'duplicateIdentifier', 'identifierExists', 'unknownIdentifier', 'formula', 'missingColumn',
  'unknownColumn', 'duplicateColumn', 'missingSheet', 'duplicateSheet', 'badDateFormat', 'tooManyRows',
] as const;
export type BulkReason = (typeof BULK_REASONS)[number];

/** One finding: 1-based row as the spreadsheet shows it (the header row for column findings), and the column letter when one cell is meant. */
export interface BulkIssue {
  sheet: BulkSheet;
  row: number;
  field: BulkField;
  column: string;
  reason: BulkReason;
}

/**
 * Row findings travel in the error body's `issues` as `{path: "sheet.row.field.column", message: reason}`
 * (ARCHITECTURE §3), so the browser can list them by sheet, row and field.
 */
export const issuePath = (i: Omit<BulkIssue, 'reason'>) => `${i.sheet}.${i.row}.${i.field}.${i.column}`;
export function parseIssue(issue: { path: string; message: string }): BulkIssue {
  const [sheet = 'workbook', row = '0', field = '', column = ''] = issue.path.split('.');
  return { sheet: sheet as BulkSheet, row: Number(row) || 0, field: field as BulkField, column, reason: issue.message as BulkReason };
}

/** At most this many findings are listed; the count says how many there were. */
export const MAX_LISTED_ISSUES = 500;

export const BULK_ERROR_CODES = [
  'error.bulk_upload.invalid_file_format',
  'error.bulk_upload.invalid_workbook',
  'error.bulk_upload.empty_file',
  'error.bulk_upload.invalid_rows',
] as const;

/** 200 answer: the events created, in workbook order. */
export interface BulkUploadResult {
  message: string;
  created: number;
  ids: string[];
}

import { describe, expect, it } from 'vitest';
import {
  cellValue,
  checkSalesSheets,
  FALLBACK_ERROR_KEY,
  isXlsxFile,
  serverErrorKeys,
  serverErrorMessage,
  translateFirst,
  type SheetCells,
} from '../../../src/islands/events/sales/salesWorkbook';

const HEADER = ['Date*', 'Tickets*', 'Revenue*', 'Ticket Type'];
const sheet = (rows: unknown[][], extra: Partial<SheetCells> = {}): SheetCells => ({ name: 'Sales', state: 'visible', rows, ...extra });

describe('spreadsheet check (spec 3 §5)', () => {
  it('accepts the template with rows', () => {
    const result = checkSalesSheets([sheet([HEADER, ['01.11.2026', 3, 45.5, 'Regular'], ['02.11.2026', 0, 0, '']])]);
    expect(result).toEqual({ ok: true, records: 2 });
  });

  it('accepts the three required columns without Ticket Type', () => {
    expect(checkSalesSheets([sheet([HEADER.slice(0, 3), ['x', 1, 1]])]).ok).toBe(true);
  });

  it('refuses headers out of order or renamed', () => {
    expect(checkSalesSheets([sheet([['Tickets*', 'Date*', 'Revenue*'], [1, 'x', 1]])])).toEqual({ ok: false, code: 'INVALID_FILE_DATA' });
    expect(checkSalesSheets([sheet([['Date*', 'Tickets*', 'Revenue*', 'Type'], ['x', 1, 1, 'free']])])).toEqual({
      ok: false,
      code: 'INVALID_FILE_DATA',
    });
  });

  it('ignores the Instructions sheet and hidden sheets', () => {
    const result = checkSalesSheets([
      sheet([['Read me first']], { name: 'Instructions' }),
      sheet([['anything']], { name: 'Lists', state: 'hidden' }),
      sheet([HEADER, ['x', 1, 1, 'FREE']]),
    ]);
    expect(result).toEqual({ ok: true, records: 1 });
  });

  it('checks every visible sheet', () => {
    expect(checkSalesSheets([sheet([HEADER, ['x', 1, 1]]), sheet([['Date'], ['x']], { name: 'Other' })]).ok).toBe(false);
  });

  it('needs at least one data row in total', () => {
    expect(checkSalesSheets([sheet([HEADER, [null, null, null, null]])])).toEqual({ ok: false, code: 'NO_SALES_RECORDS' });
    expect(checkSalesSheets([sheet([['Read me']], { name: 'Instructions' })])).toEqual({ ok: false, code: 'NO_SALES_RECORDS' });
  });

  it.each([
    ['decimal tickets', ['x', 1.5, 1, '']],
    ['negative tickets', ['x', -1, 1, '']],
    ['missing tickets', ['x', null, 1, '']],
    ['text revenue', ['x', 1, 'ten', '']],
    ['negative revenue', ['x', 1, -0.5, '']],
    ['unknown ticket type', ['x', 1, 1, 'VIP']],
  ])('refuses %s', (_, row) => {
    expect(checkSalesSheets([sheet([HEADER, row])])).toEqual({ ok: false, code: 'INVALID_FILE_DATA' });
  });

  it('does not check the date', () => {
    expect(checkSalesSheets([sheet([HEADER, ['not a date', '2', '3.5', 'regular discount']])]).ok).toBe(true);
  });
});

describe('cells and files', () => {
  it('reads formula results and rich text as shown', () => {
    expect(cellValue({ formula: 'A1*2', result: 4 })).toBe(4);
    expect(cellValue({ richText: [{ text: 'Reg' }, { text: 'ular' }] })).toBe('Regular');
    expect(cellValue(undefined)).toBeNull();
  });

  it('takes xlsx only', () => {
    expect(isXlsxFile({ name: 'sales.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })).toBe(true);
    expect(isXlsxFile({ name: 'sales.XLSX', type: '' })).toBe(true);
    expect(isXlsxFile({ name: 'sales.xls', type: 'application/vnd.ms-excel' })).toBe(false);
    expect(isXlsxFile({ name: 'sales.csv', type: 'text/csv' })).toBe(false);
  });
});

describe('server errors (spec 3 §8)', () => {
  const dict: Record<string, string> = {
    'common.serverErrors.error.upload_sales_from_excel.already_exist': 'Already uploaded',
    'common.serverErrors.error.upload_sales_from_excel.invalid_schema.missing_column': 'A column is missing',
    [FALLBACK_ERROR_KEY]: 'Invalid or not unique',
    'event.salesEdit.documentUpload.errors.NO_SALES_RECORDS': 'No rows',
  };
  const t = (key: string) => dict[key] ?? key;

  it('appends the subcode and prefers its text', () => {
    const keys = serverErrorKeys('error.upload_sales_from_excel.invalid_schema', 'missing_column');
    expect(keys[0]).toBe('common.serverErrors.error.upload_sales_from_excel.invalid_schema.missing_column');
    expect(translateFirst(t, keys)).toBe('A column is missing');
  });

  it('uses the code when the subcode has no text', () => {
    expect(translateFirst(t, serverErrorKeys('error.upload_sales_from_excel.already_exist', 'whatever'))).toBe('Already uploaded');
  });

  it('falls back for unknown codes', () => {
    expect(translateFirst(t, serverErrorKeys('error.something.else'))).toBe('Invalid or not unique');
    expect(translateFirst(t, serverErrorKeys('Boom'))).toBe('Invalid or not unique');
  });

  it('shows client codes from the server with their own text', () => {
    expect(translateFirst(t, serverErrorKeys('NO_SALES_RECORDS'))).toBe('No rows');
  });
});

describe('upload failure message', () => {
  const dict: Record<string, string> = {
    'common.serverErrors.error.upload_sales_from_excel.invalid_total_revenue': 'A revenue is not a number of at least 0.',
    'common.serverErrors.error.upload_sales_from_excel.invalid_schema.too_many_rows': 'Too many rows.',
    [FALLBACK_ERROR_KEY]: 'Invalid or not unique',
  };
  const t = (key: string) => dict[key] ?? key;

  it('names the cell the server pointed at', () => {
    expect(serverErrorMessage(t, 'error.upload_sales_from_excel.invalid_total_revenue', 'Sales!C7')).toBe(
      'A revenue is not a number of at least 0. (Sales!C7)',
    );
  });

  it('uses a subcode of its own text as is', () => {
    expect(serverErrorMessage(t, 'error.upload_sales_from_excel.invalid_schema', 'too_many_rows')).toBe('Too many rows.');
  });

  it('falls back for an unknown code', () => {
    expect(serverErrorMessage(t, 'error.other', 'x')).toBe('Invalid or not unique');
  });

  it('keeps a reason subcode out of the message; only cells are named', () => {
    const big: Record<string, string> = { ...dict, 'common.serverErrors.error.upload_sales_from_excel.file_too_large': 'The file is too large (max 10 MB).' };
    const tb = (key: string) => big[key] ?? key;
    expect(serverErrorMessage(tb, 'error.upload_sales_from_excel.file_too_large', 'too_large')).toBe('The file is too large (max 10 MB).');
    expect(serverErrorMessage(t, 'error.upload_sales_from_excel.invalid_total_revenue', "'March 2026'!C7")).toBe(
      "A revenue is not a number of at least 0. ('March 2026'!C7)",
    );
  });

  it('uses the caller\'s fallback for an unknown code', () => {
    expect(serverErrorMessage((k) => (k === 'fallback.key' ? 'Fallback' : k), 'error.other', 'x', 'fallback.key')).toBe('Fallback');
  });
});

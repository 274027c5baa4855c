// The browser's side of the adjustment import and of the 10 MB limit: which file is refused before
// any upload, and how a refused upload reads.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/lib/api/client';
import { checkImportFile, importFailureMessage } from '../../../src/islands/events/list/salesImportFile';
import { checkSalesFile, MAX_FILE_BYTES } from '../../../src/islands/events/sales/salesWorkbook';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const fileOf = (bytes: number, name = 'exported-data.xlsx', type = XLSX) => new File([new Uint8Array(bytes)], name, { type });

describe('adjustment import file check', () => {
  it('needs a file', () => {
    expect(checkImportFile(null)).toBe('FILE_REQUIRED');
  });

  it('takes only .xlsx', () => {
    expect(checkImportFile(fileOf(10, 'exported-data.xls', 'application/vnd.ms-excel'))).toBe('INVALID_FILE_FORMAT');
    expect(checkImportFile(fileOf(10, 'exported-data.csv', 'text/csv'))).toBe('INVALID_FILE_FORMAT');
    expect(checkImportFile(fileOf(10, 'renamed.xlsx', 'text/plain'))).toBe('INVALID_FILE_FORMAT');
    expect(checkImportFile(fileOf(10))).toBeNull();
  });

  it('refuses 10 MB + 1 byte as too large, not 10 MB', () => {
    expect(checkImportFile(fileOf(MAX_FILE_BYTES))).toBeNull();
    expect(checkImportFile(fileOf(MAX_FILE_BYTES + 1))).toBe('FILE_TOO_LARGE');
  });
});

describe('spreadsheet sales upload size check', () => {
  it('names the size, not the generic invalid text', async () => {
    expect(await checkSalesFile(fileOf(MAX_FILE_BYTES + 1, 'sales.xlsx'))).toEqual({ ok: false, code: 'FILE_TOO_LARGE' });
  });
});

describe('refused import message', () => {
  const dict: Record<string, string> = {
    'common.serverErrors.error.sales_edit.invalid_transaction_count': 'Tickets must be whole numbers of at least 0.',
    'event.salesEdit.manualAdjustments.errors.FILE_TOO_LARGE': 'Too large',
    'event.salesEdit.manualAdjustments.errors.FILE_INVALID': 'Invalid file',
  };
  const t = (key: string) => dict[key] ?? key;

  it('translates the server code and names the cell', () => {
    const err = new ApiError(400, 'error.sales_edit.invalid_transaction_count', 'x', false, 'Sales!E7');
    expect(importFailureMessage(t, err)).toBe('Tickets must be whole numbers of at least 0. (Sales!E7)');
  });

  it('says too large for any 413, whatever its body', () => {
    expect(importFailureMessage(t, new ApiError(413, 'common.errors.inServerResponse', 'proxy'))).toBe('Too large');
    expect(importFailureMessage(t, new ApiError(413, 'error.sales_edit.file_too_large', 'x', false, 'too_large'))).toBe('Too large');
  });

  it('falls back to FILE_INVALID for unknown codes and non-API failures', () => {
    expect(importFailureMessage(t, new ApiError(400, 'error.sales_edit.brand_new', 'x'))).toBe('Invalid file');
    expect(importFailureMessage(t, new Error('network'))).toBe('Invalid file');
  });
});

// The browser's checks of an adjustment import (spec 3 §5 "Sales adjustment", §8): one .xlsx file
// of at most 10 MB. The server reads and checks the content; these only spare a doomed upload.
import { ApiError } from '../../../lib/api/client';
import { isXlsxFile, MAX_FILE_BYTES, serverErrorMessage } from '../sales/salesWorkbook';

/** spec 3 §8 adjustment upload codes, shown via event.salesEdit.manualAdjustments.errors.{code}. */
export type ImportClientCode = 'FILE_REQUIRED' | 'INVALID_FILE_FORMAT' | 'FILE_TOO_LARGE' | 'FILE_INVALID';

const ERRORS = 'event.salesEdit.manualAdjustments.errors';
export const importErrorKey = (code: ImportClientCode) => `${ERRORS}.${code}`;

export function checkImportFile(file: File | null): ImportClientCode | null {
  if (!file) return 'FILE_REQUIRED';
  if (!isXlsxFile(file)) return 'INVALID_FILE_FORMAT';
  if (file.size > MAX_FILE_BYTES) return 'FILE_TOO_LARGE';
  return null;
}

/**
 * A refused import in the user's words: the server code's text (with the cell it names, e.g.
 * 'Sales!E7'), the size limit for any 413 (a proxy's too), else FILE_INVALID (spec 3 §8 fallback).
 */
export function importFailureMessage(t: (key: string) => string, err: unknown): string {
  if (!(err instanceof ApiError)) return t(importErrorKey('FILE_INVALID'));
  if (err.status === 413) return t(importErrorKey('FILE_TOO_LARGE'));
  return serverErrorMessage(t, err.code, err.subcode, importErrorKey('FILE_INVALID'));
}

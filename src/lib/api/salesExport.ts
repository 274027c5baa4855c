// spec 1 §7 "Export": GET the sales export path with the list query plus currency and
// date_format; the answer is a spreadsheet the browser saves as exported-data.xlsx.
import type { Language } from '../constants';
import { mainApi, toApiError } from './client';
import { toSearchParams } from './events';

export const SALES_EXPORT_PATH = '/daily_revenue_summary/sales_edit_export';
export const SALES_EXPORT_FILE = 'exported-data.xlsx';

/** spec 1 §7: mm/dd/yyyy for en, dd.mm.yyyy for de, dd/mm/yyyy for fr. */
export function exportDateFormat(language: Language | 'fr'): string {
  return language === 'de' ? 'dd.mm.yyyy' : language === 'fr' ? 'dd/mm/yyyy' : 'mm/dd/yyyy';
}

type Query = Record<string, string | number | boolean | readonly (string | number | boolean)[] | undefined>;

/** The export as a Blob; failures are ApiErrors carrying the server's message and code. */
export async function exportSales(query: Query, currency: string, language: Language, signal?: AbortSignal): Promise<Blob> {
  const params = toSearchParams({ ...query, page: undefined, limit: undefined, currency, date_format: exportDateFormat(language) });
  try {
    const res = await mainApi(SALES_EXPORT_PATH.slice(1), { searchParams: params, signal });
    return await res.blob();
  } catch (err) {
    throw await toApiError(err);
  }
}

/** Saves a Blob under a file name through a temporary object URL. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// spec 1 §7 "Export": GET the sales export path with the list query plus currency and
// date_format; the answer is a spreadsheet the browser saves as exported-data.xlsx.
import type { Language } from '../constants';
import type { SalesEditImportResponse } from '../contracts/sales';
import { API_BASE, APP_TIMEOUT_MS, ApiError, errorFromResponse, mainApi, partnerHeaders, signalUnauthorised, toApiError } from './client';
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

export interface ImportProgress {
  loaded: number;
  total: number;
}

/**
 * spec 3 §7: POST of an edited export as the multipart field `file`. XMLHttpRequest rather than ky:
 * fetch cannot report how much of a request body has been sent, and a 10 MB file on a slow line
 * needs a real progress bar. The headers and error shapes are client.ts's, so this call behaves
 * like every other one (partner header, same-origin cookies, ApiError, 401 handling).
 */
export function importSales(
  file: File,
  language: Language,
  { onProgress, signal }: { onProgress?: (progress: ImportProgress) => void; signal?: AbortSignal } = {},
): Promise<SalesEditImportResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${API_BASE}${SALES_EXPORT_PATH}?${new URLSearchParams({ date_format: exportDateFormat(language) })}`;
    xhr.open('POST', url);
    xhr.timeout = APP_TIMEOUT_MS;
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(partnerHeaders())) xhr.setRequestHeader(name, value);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    const fail = (error: ApiError) => {
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const onAbort = () => xhr.abort();
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300 && xhr.response) return resolve(xhr.response as SalesEditImportResponse);
      const error = errorFromResponse(xhr.status, xhr.response, `Request failed with status ${xhr.status}`);
      signalUnauthorised(error);
      reject(error);
    };
    xhr.onerror = () => fail(new ApiError(null, 'common.errors.inServerResponse', 'Network error'));
    xhr.ontimeout = () => fail(new ApiError(null, 'common.errors.inServerResponse', 'Request timed out'));
    xhr.onabort = () => fail(new ApiError(null, 'cancelled', 'Request cancelled', true));
    if (signal?.aborted) return reject(new ApiError(null, 'cancelled', 'Request cancelled', true));
    signal?.addEventListener('abort', onAbort);
    const body = new FormData();
    body.append('file', file, file.name);
    xhr.send(body);
  });
}

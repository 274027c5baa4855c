// A file the server answers with, saved by the browser under the name of its Content-Disposition
// (else the fallback). Failures arrive as ApiError, a lost session signalled as for every call.
import { signalUnauthorised, toApiError } from './client';
import { dispositionFilename } from './notifications';

export async function saveDownload(request: () => Promise<Response>, fallbackName: string): Promise<void> {
  try {
    const res = await request();
    const blob = await res.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = dispositionFilename(res.headers.get('content-disposition')) ?? fallbackName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch (err) {
    const apiError = await toApiError(err);
    signalUnauthorised(apiError);
    throw apiError;
  }
}

// The typed request layer of spec 1 §7: one ky instance per service, the partner header from the
// session, a single ApiError type, and cancellation that is never shown to the user.
import ky, { HTTPError, type Options } from 'ky';
import type { ApiErrorBody } from '../contracts/common';
import { PARTNER_HEADER } from '../constants';
import { $session } from '../../stores/session';

export const API_BASE = '/api/v3';
export const CAMPAIGN_API_BASE = '/api/campaign';
export const APP_TIMEOUT_MS = 60_000;

export class ApiError extends Error {
  constructor(
    readonly status: number | null,
    readonly code: string,
    message: string,
    /** A cancelled request: no status, no user-facing error (spec 1 §7). */
    readonly cancelled = false,
    /** The body's error_subcode, e.g. the failing password rule of error.password.policy. */
    readonly subcode?: string,
    /** The body's field-level findings (ARCHITECTURE §3 `issues`), e.g. every bad row of a bulk upload. */
    readonly issues?: { path: string; message: string }[],
    /** The body's `data` (ARCHITECTURE §3), e.g. the `problems` of a setup that cannot be published. */
    readonly data?: ApiErrorBody['data'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The i18n key for this failure (spec 1 §8). */
  get i18nKey(): string {
    if (this.cancelled) return 'common.errors.requestCanceled';
    return this.code.startsWith('error.') ? `common.serverErrors.${this.code}` : 'common.errors.inServerResponse';
  }
}

/** The preferred-partner header every main-API request carries (spec 1 §7), for callers outside ky too. */
export function partnerHeaders(): Record<string, string> {
  const partnerId = $session.get().partnerId;
  return partnerId != null ? { [PARTNER_HEADER]: String(partnerId) } : {};
}

function create(prefix: string) {
  return ky.create({
    prefix,
    timeout: APP_TIMEOUT_MS,
    credentials: 'same-origin',
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          for (const [name, value] of Object.entries(partnerHeaders())) if (!request.headers.has(name)) request.headers.set(name, value);
        },
      ],
    },
  });
}

export const mainApi = create(API_BASE);
export const campaignApi = create(CAMPAIGN_API_BASE);

/** The ApiError of a failed answer: the body's code when it is one of ours, else the generic one. */
export function errorFromResponse(status: number, data: unknown, fallbackMessage: string): ApiError {
  if (isErrorBody(data)) return new ApiError(status, data.error_code, data.message, false, data.error_subcode, data.issues, data.data);
  return new ApiError(status, 'common.errors.inServerResponse', fallbackMessage);
}

/** A 401 of the main API ends the session in the shell (it listens for this event). */
export function signalUnauthorised(apiError: ApiError): void {
  if (apiError.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent('encore:unauthorised'));
}

export async function toApiError(err: unknown): Promise<ApiError> {
  if (err instanceof DOMException && err.name === 'AbortError') return new ApiError(null, 'cancelled', 'Request cancelled', true);
  if (err instanceof HTTPError) {
    // ky 2 has already read the body into `data` (the response body itself is consumed).
    const data: unknown = err.data !== undefined ? err.data : await err.response.clone().json().catch(() => null);
    return errorFromResponse(err.response.status, data, err.message);
  }
  return new ApiError(null, 'common.errors.inServerResponse', err instanceof Error ? err.message : 'Request failed');
}

// The server validated its answer against the contract already; the browser trusts the types
// (ARCHITECTURE.md §3: the client is typed by the contracts) and keeps zod out of its bundles.
function isErrorBody(data: unknown): data is ApiErrorBody {
  const d = data as Partial<ApiErrorBody> | null;
  return typeof d?.message === 'string' && typeof d.error_code === 'string';
}

/** Calls the API; the answer has the contract's type `T`. Every failure becomes an ApiError. */
export async function call<T = void>(api: typeof mainApi, path: string, options: Options = {}): Promise<T> {
  try {
    const res = await api(path.replace(/^\//, ''), options);
    if (res.status === 204) return undefined as T;
    return (await res.json()) as T;
  } catch (err) {
    const apiError = await toApiError(err);
    if (api === mainApi) signalUnauthorised(apiError);
    throw apiError;
  }
}

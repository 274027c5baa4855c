// Graph error objects → our error codes (spec 2 §8 "Ad-platform codes": error.connect.facebook.*).
// The message handed on is safe to show: Meta's `error_user_msg` when it wrote one for the user,
// otherwise a fixed sentence of ours; never the request, the token or Meta's internal message.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../lib/errors';

export type MetaErrorReason =
  | 'invalid_token'
  | 'missing_permissions'
  | 'rate_limit'
  | 'ad_account_not_found'
  | 'ad_account_id_required'
  | 'page_not_found'
  | 'not_found'
  | 'invalid_request'
  | 'api_error'
  | 'graph_api_error';

const STATUS: Record<MetaErrorReason, ContentfulStatusCode> = {
  // 403, not 401: a dead Meta token is not a dead console session (spec 2 §6 permission problems).
  invalid_token: 403,
  missing_permissions: 403,
  rate_limit: 429,
  ad_account_not_found: 404,
  ad_account_id_required: 400,
  page_not_found: 404,
  not_found: 404,
  invalid_request: 422,
  api_error: 503,
  graph_api_error: 502,
};

const MESSAGE: Record<MetaErrorReason, string> = {
  invalid_token: 'The Meta login has expired or was revoked. Please log in to Meta again.',
  missing_permissions: 'Permission missing for this Meta asset. Please reconnect it on the Meta assets page.',
  rate_limit: 'Meta is limiting requests right now. Please try again in a few minutes.',
  ad_account_not_found: 'The ad account was not found on Meta.',
  ad_account_id_required: 'An ad account is required.',
  page_not_found: 'The Facebook page was not found on Meta.',
  not_found: 'The object was not found on Meta.',
  invalid_request: 'Meta rejected the request.',
  api_error: 'Meta could not be reached. Please try again.',
  graph_api_error: 'Meta answered with an error.',
};

/** An ad-platform failure with our code, a safe message and whether a retry can help. */
export class MetaError extends AppError {
  constructor(
    readonly reason: MetaErrorReason,
    message: string = MESSAGE[reason],
    readonly graph: { code?: number; subcode?: number; fbtraceId?: string; userTitle?: string } = {},
    /** Seconds to wait before retrying, when known. */
    readonly retryAfterSec?: number,
  ) {
    super(
      STATUS[reason],
      `error.connect.facebook.${reason}`,
      message,
      graph.code !== undefined ? `graph:${graph.code}${graph.subcode !== undefined ? `/${graph.subcode}` : ''}` : undefined,
      retryAfterSec ? { 'retry-after': String(retryAfterSec) } : undefined,
    );
    this.name = 'MetaError';
  }

  /** Rate limits, timeouts and Meta's transient faults: trying again later may succeed. */
  get retryable(): boolean {
    return this.reason === 'rate_limit' || this.reason === 'api_error' || (this.reason === 'graph_api_error' && [1, 2].includes(this.graph.code ?? -1));
  }
}

/** What a failed call was about, to tell "ad account not found" from "page not found". */
export type ObjectHint = 'ad_account' | 'page' | 'other';

export interface GraphErrorObject {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_title?: string;
  error_user_msg?: string;
  fbtrace_id?: string;
  is_transient?: boolean;
}

// Throttling codes of the Graph API (4 app, 17 user, 32 page, 613 custom) and of the Marketing
// API's business-use-case limits (80000–80014: ads insights, ads management, custom audiences, …).
const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);
const isAdsRateLimit = (code: number) => code >= 80000 && code <= 80014;

/** Maps a Graph `error` object (and the HTTP status it came with) to a MetaError. */
export function mapGraphError(err: GraphErrorObject, httpStatus: number, hint: ObjectHint = 'other'): MetaError {
  const code = err.code;
  const graph = { code, subcode: err.error_subcode, fbtraceId: err.fbtrace_id, userTitle: err.error_user_title };
  // Meta writes error_user_msg for people (in the request's locale); keep it over our sentence.
  const userMsg = typeof err.error_user_msg === 'string' && err.error_user_msg.trim() ? err.error_user_msg.trim().slice(0, 500) : undefined;
  const make = (reason: MetaErrorReason, retryAfter?: number) => new MetaError(reason, userMsg ?? MESSAGE[reason], graph, retryAfter);

  if (code === 190 || code === 102 || code === 463 || code === 467) return make('invalid_token');
  if (code !== undefined && (RATE_LIMIT_CODES.has(code) || isAdsRateLimit(code))) return make('rate_limit', 60);
  if (code === 10 || (code !== undefined && code >= 200 && code <= 299)) return make('missing_permissions');
  // 100/33: "Object with ID … does not exist, cannot be loaded due to missing permissions, or does
  // not support this operation" — Meta cannot tell those apart, neither can we.
  if (code === 100 && err.error_subcode === 33) return make(hint === 'ad_account' ? 'ad_account_not_found' : hint === 'page' ? 'page_not_found' : 'not_found');
  if (code === 803) return make(hint === 'ad_account' ? 'ad_account_not_found' : hint === 'page' ? 'page_not_found' : 'not_found');
  if (code === 1 || code === 2 || err.is_transient) return new MetaError('graph_api_error', userMsg ?? MESSAGE.api_error, graph);
  if (code === 100 && userMsg) return make('invalid_request');
  if (httpStatus === 429) return make('rate_limit', 60);
  return make('graph_api_error');
}

/** A network failure, a timeout or an HTTP error without a Graph error body. */
export function transportError(kind: 'timeout' | 'network' | 'http', httpStatus?: number): MetaError {
  if (kind === 'http' && httpStatus === 429) return new MetaError('rate_limit', MESSAGE.rate_limit, {}, 60);
  if (kind === 'http' && httpStatus !== undefined && httpStatus < 500) return new MetaError('graph_api_error', MESSAGE.graph_api_error);
  return new MetaError('api_error', kind === 'timeout' ? 'Meta did not answer in time. Please try again.' : MESSAGE.api_error);
}

/** Meta answered 2xx but not in the documented shape: we cannot trust any field of it. */
export function malformedResponse(what: string): MetaError {
  return new MetaError('graph_api_error', `Meta answered ${what} in an unexpected shape.`, { code: undefined });
}

// The CRMs' transport: one base URL, the secret in the Authorization header only (never in a URL,
// a message or the log), JSON bodies, a timeout per request, and bounded retries: a 429 waits for
// Retry-After (seconds or an HTTP date; 1, 2, 4, 8 s when the CRM sends none, never more than 30 s
// per wait) and is tried again at most `maxRetries` times; a 5xx or a network failure is tried
// again only for calls that are safe to repeat (upserts, member additions), never for a create.
import type { CrmService } from '../../../lib/integrations/rules';
import { CrmError } from './errors';

export interface CrmHttpOptions {
  service: CrmService;
  baseUrl: string;
  /** The whole Authorization header value (`Bearer …`, `Basic …`). */
  authorization: string;
  timeoutMs: number;
  maxRetries?: number;
  fetch?: typeof fetch;
  /** Tests: record the waits instead of sleeping. */
  sleep?: (ms: number) => Promise<void>;
}

export interface CrmResponse {
  status: number;
  /** The parsed JSON body, or null when there is none or it is not JSON. */
  body: unknown;
}

export const MAX_WAIT_MS = 30_000;
const DEFAULT_RETRIES = 4;

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const v = header.trim();
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

const defaultSleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class CrmHttp {
  private readonly fetchImpl: typeof fetch;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxRetries: number;

  constructor(private readonly opts: CrmHttpOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
    this.sleep = opts.sleep ?? defaultSleep;
    this.maxRetries = opts.maxRetries ?? DEFAULT_RETRIES;
  }

  url(path: string): string {
    return `${this.opts.baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
  }

  /**
   * Sends one call. 401/403 become CrmError('unauthorized'); a 429 that outlasts the retries
   * becomes 'rate_limited'; a 5xx or network failure 'unavailable'. Every other status is handed
   * back for the client to read (a 207, a 400 of one batch, a 404 of the audience).
   */
  async send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, opts: { idempotent: boolean }): Promise<CrmResponse> {
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetchImpl(this.url(path), {
          method,
          headers: { authorization: this.opts.authorization, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(this.opts.timeoutMs),
        });
      } catch {
        if (opts.idempotent && attempt < this.maxRetries) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw new CrmError('unavailable', this.opts.service);
      }
      const parsed = await readJson(res);
      if (res.status === 401 || res.status === 403) throw new CrmError('unauthorized', this.opts.service, res.status);
      if (res.status === 429) {
        if (attempt >= this.maxRetries) throw new CrmError('rate_limited', this.opts.service, 429);
        const wait = retryAfterMs(res.headers.get('retry-after')) ?? this.backoff(attempt);
        await this.sleep(Math.min(MAX_WAIT_MS, wait));
        continue;
      }
      if (res.status >= 500) {
        if (opts.idempotent && attempt < this.maxRetries) {
          await this.sleep(this.backoff(attempt));
          continue;
        }
        throw new CrmError('unavailable', this.opts.service, res.status);
      }
      return { status: res.status, body: parsed };
    }
  }

  private backoff(attempt: number): number {
    return Math.min(MAX_WAIT_MS, 1000 * 2 ** attempt);
  }
}

async function readJson(res: Response): Promise<unknown> {
  const textBody = await res.text().catch(() => '');
  if (!textBody) return null;
  try {
    return JSON.parse(textBody) as unknown;
  } catch {
    return null;
  }
}

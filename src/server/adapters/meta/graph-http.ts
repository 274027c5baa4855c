// The Graph API transport: one versioned base URL, `access_token` + `appsecret_proof` on every
// call, form encoding for writes (objects and arrays as JSON strings, as Graph expects), a timeout
// per request, cursor paging for lists, and every answer checked with zod before anything reads it.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { type GraphErrorObject, type ObjectHint, malformedResponse, mapGraphError, transportError } from './errors';

/**
 * The Graph/Marketing API version every call names (v26.0, released 29 July 2026, is the current
 * one in Meta's version table). Change it here only, after reading Meta's changelog for the
 * versions in between.
 */
export const GRAPH_API_VERSION = 'v26.0';

export interface GraphHttpOptions {
  appId: string;
  appSecret: string;
  /** `https://graph.facebook.com` in production; a local fake in tests. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export type GraphParams = Record<string, string | number | boolean | object | null | undefined>;

/** `appsecret_proof` = HMAC-SHA256 of the access token, keyed with the app secret (hex). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/** Graph's parameter encoding: scalars as text, objects and arrays as JSON; null/undefined left out. */
export function encodeParams(params: GraphParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null) continue;
    out.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  return out;
}

const ErrorEnvelope = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().int().optional(),
    error_subcode: z.number().int().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().optional(),
    is_transient: z.boolean().optional(),
  }),
});

const Paging = z
  .object({
    cursors: z.object({ before: z.string().optional(), after: z.string().optional() }).optional(),
    next: z.string().optional(),
  })
  .optional();

/** Most list edges answer `{data: [...], paging}`; lists are followed to this many pages at most. */
export const MAX_PAGES = 20;

export class GraphHttp {
  private readonly fetchImpl: typeof fetch;

  constructor(readonly opts: GraphHttpOptions) {
    this.fetchImpl = opts.fetch ?? fetch;
  }

  /** `https://graph.facebook.com/v26.0/{path}` (path without a leading slash). */
  url(path: string): URL {
    return new URL(`${this.opts.baseUrl.replace(/\/$/, '')}/${GRAPH_API_VERSION}/${path.replace(/^\//, '')}`);
  }

  /** GET with the token; the answer must match `schema`. */
  async get<T extends z.ZodType>(path: string, token: string | null, params: GraphParams, schema: T, hint?: ObjectHint): Promise<z.infer<T>> {
    const url = this.url(path);
    for (const [k, v] of encodeParams({ ...params, ...this.auth(token) })) url.searchParams.set(k, v);
    return this.send(url, { method: 'GET' }, schema, path, hint);
  }

  /** POST as `application/x-www-form-urlencoded` (Graph's documented form for writes). */
  async post<T extends z.ZodType>(path: string, token: string, params: GraphParams, schema: T, hint?: ObjectHint): Promise<z.infer<T>> {
    const body = encodeParams({ ...params, ...this.auth(token) });
    return this.send(this.url(path), { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, schema, path, hint);
  }

  async delete(path: string, token: string, hint?: ObjectHint): Promise<void> {
    const url = this.url(path);
    for (const [k, v] of encodeParams(this.auth(token))) url.searchParams.set(k, v);
    await this.send(url, { method: 'DELETE' }, z.object({ success: z.boolean() }), path, hint);
  }

  /** Every item of a list edge, following `paging.cursors.after` while `paging.next` exists. */
  async list<T extends z.ZodType>(path: string, token: string, params: GraphParams, item: T, hint?: ObjectHint): Promise<z.infer<T>[]> {
    const page = z.object({ data: z.array(item), paging: Paging });
    const out: z.infer<T>[] = [];
    let after: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const res = await this.get(path, token, { limit: 100, ...params, ...(after ? { after } : {}) }, page, hint);
      out.push(...res.data);
      after = res.paging?.cursors?.after;
      if (!res.paging?.next || !after) break;
    }
    return out;
  }

  private auth(token: string | null): GraphParams {
    return token ? { access_token: token, appsecret_proof: appSecretProof(token, this.opts.appSecret) } : {};
  }

  private async send<T extends z.ZodType>(url: URL, init: RequestInit, schema: T, what: string, hint?: ObjectHint): Promise<z.infer<T>> {
    let res: Response;
    try {
      res = await this.fetchImpl(url, { ...init, signal: AbortSignal.timeout(this.opts.timeoutMs) });
    } catch (err) {
      const name = (err as Error)?.name;
      throw transportError(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw res.ok ? malformedResponse(label(what)) : transportError('http', res.status);
    }
    const asError = ErrorEnvelope.safeParse(json);
    if (asError.success) throw mapGraphError(asError.data.error as GraphErrorObject, res.status, hint);
    if (!res.ok) throw transportError('http', res.status);
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw malformedResponse(label(what));
    return parsed.data;
  }
}

/** A path without ids, for messages ("act_/campaigns" rather than the account number). */
function label(path: string): string {
  return path.replace(/\d+/g, '').replace(/^\//, '') || 'a request';
}

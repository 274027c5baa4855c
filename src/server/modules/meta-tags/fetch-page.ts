// Fetches a user-given web page for its meta tags without letting the URL reach inside our network
// (SSRF): http(s) only; every host, also after each redirect (at most 3), resolved and refused
// unless all its addresses are public (address.ts) — and the connection made to exactly the checked
// address, so a DNS answer that changes between check and connect cannot slip through; 5 s for the
// whole exchange; at most 1 MB read; no cookies sent or kept; no keep-alive socket reused.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { isAllowedAddress, type AddressPolicy } from './address';

export interface FetchLimits extends AddressPolicy {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export const DEFAULT_LIMITS: FetchLimits = { timeoutMs: 5000, maxBytes: 1_000_000, maxRedirects: 3, allowLoopback: false };

export type FetchFailure = 'blocked_address' | 'timeout' | 'too_many_redirects' | 'http_status' | 'network';

export class PageFetchError extends Error {
  constructor(readonly reason: FetchFailure, message: string) {
    super(message);
    this.name = 'PageFetchError';
  }
}

export interface FetchedPage {
  finalUrl: string;
  contentType: string;
  body: Buffer;
  /** The body was cut at maxBytes. */
  truncated: boolean;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that answers only when every address of the host is allowed. */
function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as dns.LookupAddress[];
      if (list.length === 0 || list.some((a) => !isAllowedAddress(a.address, policy))) {
        return callback(Object.assign(new PageFetchError('blocked_address', `${hostname} is not a public address`), { code: 'EBLOCKED' }), []);
      }
      if (options.all) callback(null, list);
      else callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function getOnce(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<{ status: number; location: string | null; contentType: string; body: Buffer; truncated: boolean }> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An IP literal is connected to without a lookup: check it here.
    if (net.isIP(host) && !isAllowedAddress(host, limits)) return reject(new PageFetchError('blocked_address', `${host} is not a public address`));
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: guardedLookup(limits) as unknown as net.LookupFunction,
        signal,
        headers: {
          'user-agent': 'EncoreLinkPreview/1.0 (+https://encore.example/bot)',
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'identity',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        const location = typeof res.headers.location === 'string' ? res.headers.location : null;
        const contentType = String(res.headers['content-type'] ?? '');
        if (REDIRECTS.has(status) || status < 200 || status >= 300) {
          res.resume();
          return resolve({ status, location, contentType, body: Buffer.alloc(0), truncated: false });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        let done = false;
        const finish = (truncated: boolean) => {
          if (done) return;
          done = true;
          resolve({ status, location, contentType, body: Buffer.concat(chunks, Math.min(size, limits.maxBytes)).subarray(0, limits.maxBytes), truncated });
        };
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= limits.maxBytes) {
            finish(true);
            res.destroy();
          }
        });
        res.on('end', () => finish(false));
        res.on('error', (err) => (done ? undefined : reject(err)));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function failure(err: unknown, signal: AbortSignal): PageFetchError {
  if (err instanceof PageFetchError) return err;
  const cause = (err as { cause?: unknown })?.cause;
  if (cause instanceof PageFetchError) return cause;
  if (signal.aborted) return new PageFetchError('timeout', 'The page did not answer in time');
  return new PageFetchError('network', (err as Error)?.message ?? 'Network error');
}

/** GETs the page behind `rawUrl`, following up to maxRedirects redirects, within the limits. */
export async function fetchPage(rawUrl: string, limits: FetchLimits = DEFAULT_LIMITS): Promise<FetchedPage> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(rawUrl);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PageFetchError('blocked_address', 'Only http and https are fetched');
    let answer;
    try {
      answer = await getOnce(url, limits, signal);
    } catch (err) {
      throw failure(err, signal);
    }
    if (REDIRECTS.has(answer.status)) {
      if (!answer.location) throw new PageFetchError('http_status', `Redirect ${answer.status} without a location`);
      if (hop >= limits.maxRedirects) throw new PageFetchError('too_many_redirects', `More than ${limits.maxRedirects} redirects`);
      url = new URL(answer.location, url);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new PageFetchError('http_status', `The page answered ${answer.status}`);
    return { finalUrl: url.toString(), contentType: answer.contentType, body: answer.body, truncated: answer.truncated };
  }
}

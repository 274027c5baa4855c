// The HTTP server around Astro's standalone handler. The adapter's own server sends every page,
// API answer and script uncompressed; on the slow mobile links our partners' staff use in a
// foyer that costs seconds (the shell's scripts are ~450 KB raw, ~130 KB gzip). So responses go
// through `compression` (gzip/deflate/br by Accept-Encoding, above 1 KB); hashed assets under
// /_astro/ keep the adapter's immutable caching.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import compression from 'compression';
import { constants } from 'node:zlib';
import { handleLocalPartPut, isLocalPartPut } from './part-upload';
import { errorBody } from '../api/errors';
import { log, loggablePath, requestIdFrom, withRequestId } from '../lib/log';
import { observeRequest } from '../modules/metrics/registry';
import { performance } from 'node:perf_hooks';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const compress = compression({
  threshold: 1024,
  // Brotli at quality 5 is about gzip's speed with ~15 % smaller output; level 11 would take
  // tens of milliseconds per script on the 2-core machines we run on.
  brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
});

/**
 * Requests Node refuses before any handler sees them (a URL or headers over `maxHeaderSize`,
 * 16 KB by default; bytes that are not HTTP; a request that took too long to arrive). Node's own
 * answer has an empty body; ours is the JSON error body of ARCHITECTURE.md §3 like every other.
 */
export function clientErrorResponse(code: string | undefined): { status: number; reason: string; body: { message: string; error_code: `error.${string}` } } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', body: { message: 'The request address or headers are too large.', error_code: 'error.request.headersTooLarge' } };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', body: { message: 'The request took too long to arrive.', error_code: 'error.request.timeout' } };
  }
  return { status: 400, reason: 'Bad Request', body: { message: 'The request could not be read.', error_code: 'error.request.invalid' } };
}

function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // The peer is gone, or an answer is already under way on this connection: just close.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight) {
    socket.destroy();
    return;
  }
  const { status, reason, body } = clientErrorResponse(err.code);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      json,
  );
}

const decodes = (s: string) => {
  try {
    decodeURI(s);
    return true;
  } catch {
    return false;
  }
};

/**
 * @astrojs/node answers every URL that `decodeURI` refuses — a stray `%`, a cut sequence such as
 * `%E0%A4%A`, an encoded lone surrogate `%ED%A0%80` — with a plain-text 400 "Bad request." before
 * any of our code runs: not the JSON error body of the API (ARCHITECTURE.md §3), not the site's
 * not-found page, and for a mere `?q=%` in the query of an ordinary page. So before handing over:
 * a malformed query is re-encoded the way a browser's URLSearchParams reads it (a stray `%` stays a
 * `%`, broken UTF-8 becomes U+FFFD), which changes no value any parser of ours would see; a
 * malformed path can name no page or API route, so it becomes null (the caller answers 404/400).
 * On /api either answers 400 error.request.malformedUrl (createHttpServer).
 */
export function wellFormedRequestUrl(raw: string): string | null {
  if (decodes(raw)) return raw;
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  if (!decodes(path)) return null;
  const query = new URLSearchParams(raw.slice(q + 1)).toString();
  return query ? `${path}?${query}` : path;
}

export function createHttpServer(handler: Handler): http.Server {
  const server = http.createServer((req, res) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    withRequestId(requestId, () => serve(req, res, requestId));
  });
  const serve = (req: http.IncomingMessage, res: http.ServerResponse, requestId: string) => {
    accessLog(req, res, requestId);
    if (isLocalPartPut(req)) return void handleLocalPartPut(req, res);
    const url = wellFormedRequestUrl(req.url ?? '/');
    // On the API a malformed query is refused too (docs/SECURITY.md §8): re-encoded, broken UTF-8
    // such as an encoded lone surrogate (%ED%A0%80) became U+FFFD and was stored and answered as
    // if the caller had typed it (issue 21 §2).
    if ((url === null || url !== req.url) && /^\/api(\/|\?|$)/.test(req.url ?? '')) {
      const body = JSON.stringify(errorBody('error.request.malformedUrl', 'The address is not valid percent-encoding'));
      res.writeHead(400, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' }).end(body);
      return;
    }
    // A page path that cannot be decoded names no page: the not-found page answers (404).
    req.url = url ?? '/404';
    compress(req as never, res as never, () => {
      keepWriteCallbacks(res);
      handler(req, res);
    });
  };
  server.on('clientError', answerClientError);
  // Node closes an idle kept-alive connection after 5 s. A client (a proxy in front of us, a
  // browser, a test's request context) that reuses the socket just as it closes gets ECONNRESET
  // for a request the server never saw (CI lost a journey to it). Idle connections stay open
  // longer than the clients' own idle limits, so the client is the one that closes them.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}

/** One line per answered request (method, path without its query, status, duration), and its metrics. */
function accessLog(req: http.IncomingMessage, res: http.ServerResponse, requestId: string): void {
  const t0 = performance.now();
  const method = req.method;
  const path = loggablePath(req.url);
  const line = (aborted: boolean) => {
    const seconds = (performance.now() - t0) / 1000;
    const fields = { method, path, status: res.statusCode, ms: Math.round(seconds * 1000), ...(aborted ? { aborted: true } : {}) };
    observeRequest(method, path, res.statusCode, seconds);
    // 'finish' may fire outside the request's async context: name the id again.
    withRequestId(requestId, () => (res.statusCode >= 500 ? log.error(fields, 'request') : log.info(fields, 'request')));
  };
  res.once('finish', () => line(false));
  res.once('close', () => {
    if (!res.writableFinished) line(true);
  });
}

/**
 * `compression` replaces res.write with one that drops the callback argument. The adapter ends a
 * page whose rendering fails after its headers went out with write('Internal server error', () =>
 * res.destroy(err)); without the callback the response never ended and a browser asking for gzip
 * waited forever (found by the page fuzz). The callback runs once the chunk is handed on.
 */
function keepWriteCallbacks(res: http.ServerResponse): void {
  const write = res.write as (chunk: unknown, encoding?: BufferEncoding) => boolean;
  res.write = function (this: http.ServerResponse, chunk: unknown, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void): boolean {
    if (typeof encoding === 'function') [cb, encoding] = [encoding, undefined];
    const ok = write.call(this, chunk, encoding);
    if (cb) process.nextTick(cb);
    return ok;
  } as typeof res.write;
}

export function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

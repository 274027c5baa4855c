// Structured logs (issue 24 §3): one JSON line per event on stdout (pino), for a log shipper to
// read. Every request gets an id — the caller's X-Request-Id when it is a plain token (a proxy in
// front of us sets one), else a new UUID — that the answer echoes and every line logged through
// `log` while serving that request carries (AsyncLocalStorage), so one request's lines can be found.
// What never goes in: query strings (they carry tokens: the mailbox link, ?tp=, signed part URLs),
// bodies, cookies, headers other than the id; field names that hold secrets or personal data are
// censored should a caller pass them.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';

const context = new AsyncLocalStorage<{ requestId: string }>();

function level(env: NodeJS.ProcessEnv): pino.LevelWithSilent {
  const wanted = env.LOG_LEVEL?.trim().toLowerCase();
  const levels: pino.LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
  if (wanted && (levels as string[]).includes(wanted)) return wanted as pino.LevelWithSilent;
  // Unit and API tests drive thousands of requests: their output stays readable.
  return env.VITEST ? 'silent' : 'info';
}

export const log = pino({
  level: level(process.env),
  base: { pid: process.pid },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin: () => {
    const store = context.getStore();
    return store ? { requestId: store.requestId } : {};
  },
  redact: {
    paths: ['password', 'token', 'secret', 'email', 'authorization', 'cookie', '*.password', '*.token', '*.secret', '*.email', '*.authorization', '*.cookie'],
    censor: '[redacted]',
  },
});

const INCOMING_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/** The caller's request id when it is a plain token of 8–64 characters, else a new one. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const raw = Array.isArray(header) ? header[0] : header;
  return raw && INCOMING_ID.test(raw) ? raw : randomUUID();
}

/** Runs `fn` with `requestId` attached to every line logged inside it (also in callbacks it starts). */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return context.run({ requestId }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/** The path of a URL without its query, for the access log (queries carry tokens). */
export function loggablePath(url: string | undefined): string {
  const path = (url ?? '/').split('?')[0] ?? '/';
  return path.length > 512 ? `${path.slice(0, 512)}…` : path;
}

// The `state` of the Meta login (spec 1 §2.5 /fb-callback): an anti-forgery value the popup must
// bring back unchanged. It is signed and names partner, actor and time, so the code exchange can
// refuse a login started by someone else (login CSRF), and the sandbox consent page can tell which
// partner's sandbox user to show without a session (the anonymous owner has none).
import { createHmac, randomBytes } from 'node:crypto';
import { derivedKey, safeEqual } from '../../lib/crypto';
import { AppError } from '../../lib/errors';

/** A login must come back within this time. */
export const STATE_TTL_MS = 30 * 60 * 1000;

interface StatePayload {
  p: number;
  a: string;
  t: number;
  n: string;
}

const sign = (body: string) => createHmac('sha256', derivedKey('meta-oauth-state')).update(body).digest('base64url');

export function createOAuthState(partnerId: number, actor: string, now: Date): string {
  const body = Buffer.from(JSON.stringify({ p: partnerId, a: actor, t: now.getTime(), n: randomBytes(9).toString('base64url') } satisfies StatePayload)).toString('base64url');
  return `${body}.${sign(body)}`;
}

/** The partner and actor of a state this server signed and that has not expired; null otherwise. */
export function readOAuthState(state: string, now: Date): { partnerId: number; actor: string } | null {
  const [body, mac, extra] = state.split('.');
  if (!body || !mac || extra !== undefined || !safeEqual(mac, sign(body))) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    if (typeof p.p !== 'number' || typeof p.a !== 'string' || typeof p.t !== 'number') return null;
    if (p.t > now.getTime() + 60_000 || now.getTime() - p.t > STATE_TTL_MS) return null;
    return { partnerId: p.p, actor: p.a };
  } catch {
    return null;
  }
}

export const invalidState = () =>
  new AppError(400, 'error.connect.facebook.invalid_state', 'The Meta login could not be verified. Please start it again from this page.');

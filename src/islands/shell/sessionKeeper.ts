// spec 1 §4.1 token renewal: 5 minutes before the access token expires the browser renews it
// (POST /auth/refresh_token), one renewal at a time. Refresh tokens rotate with reuse detection,
// so two tabs must never spend the same one: a Web Lock serialises renewals across tabs and the
// expiry is re-read inside it (another tab may already have renewed). Failure is only logged.
import { getSessionInfo, refreshToken } from '../../lib/api/account';
import { TOKEN_REFRESH_THRESHOLD_MS } from '../../lib/constants';
import { $sessionEndsAt, $sessionExpiresAt, expiryFromCookie, sessionEndFromCookie } from '../../stores/sessionExpiry';
import { deviceFields } from '../../stores/rememberedDevice';

const LOCK_NAME = 'encore.token-renewal';
/** After a failed renewal wait this long before the next try (no storm of requests). */
const RETRY_AFTER_MS = 30_000;

let inFlight: Promise<void> | null = null;
let lastFailure = 0;

export const needsRenewal = (expiresAt: number, now: number) => expiresAt - now <= TOKEN_REFRESH_THRESHOLD_MS;

export interface SessionTimes {
  /** The access token's expiry (epoch ms). */
  expiresAt: number;
  /** The sign-in's end (epoch ms): the token is renewed until then. */
  endsAt: number;
}

/** The token's expiry and the sign-in's end: the cookies when present, else the server's answer. */
export async function loadSessionTimes(signal?: AbortSignal): Promise<SessionTimes | null> {
  const expiresAt = expiryFromCookie();
  const endsAt = sessionEndFromCookie();
  if (expiresAt && endsAt) return { expiresAt, endsAt };
  try {
    const info = await getSessionInfo(signal);
    return { expiresAt: Date.parse(info.expires_at), endsAt: Date.parse(info.session_ends_at) };
  } catch {
    return null;
  }
}

async function renewNow(): Promise<void> {
  // Another tab may have renewed while this one waited for the lock.
  const current = expiryFromCookie() ?? $sessionExpiresAt.get();
  if (current && !needsRenewal(current, Date.now())) {
    $sessionExpiresAt.set(current);
    return;
  }
  try {
    const res = await refreshToken({ ...deviceFields() });
    $sessionExpiresAt.set(expiryFromCookie() ?? Date.now() + res.ExpiresIn * 1000);
    $sessionEndsAt.set(sessionEndFromCookie() ?? Date.parse(res.session_ends_at));
  } catch (err) {
    lastFailure = Date.now();
    console.warn('[encore] token renewal failed', err);
  }
}

/** Renews the token unless a renewal is already running (in this tab or, with locks, any tab). */
export function renewToken(): Promise<void> {
  if (inFlight) return inFlight;
  if (Date.now() - lastFailure < RETRY_AFTER_MS) return Promise.resolve();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks ? locks.request(LOCK_NAME, () => renewNow()) : renewNow();
  inFlight = Promise.resolve(run).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

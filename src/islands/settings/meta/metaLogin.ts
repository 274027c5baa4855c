// The Meta login of spec 1 §2.5 / §4.5: a 600×600 popup to Meta's dialog (or our sandbox consent
// page), /fb-callback posts `fb_callback` back, the code goes to POST /authorize and the task is
// polled every 3 s for up to 180 s.
import type { ExchangeResult } from '../../../lib/contracts/meta-connect';
import type { MetaConnectApi } from '../../../lib/api/metaConnect';

export const POPUP_SIZE = 600;
export const SCRIPT_TIMEOUT_MS = 5_000;
export const POLL_EVERY_MS = 3_000;
export const POLL_FOR_MS = 180_000;
/** Where the opener keeps the state /fb-callback compares (localStorage: the popup is another window). */
export const STATE_KEY = 'encore.meta.oauthState';

export type LoginFailure =
  | { kind: 'popupBlocked' }
  | { kind: 'loginCancelled' }
  | { kind: 'taskFailed'; details: string }
  | { kind: 'api'; i18nKey: string; message: string };

export class LoginError extends Error {
  constructor(readonly failure: LoginFailure) {
    super(failure.kind);
  }
}

export interface CallbackMessage {
  type: 'fb_callback';
  code: string | null;
  state: string | null;
  error: string | null;
  error_reason: string | null;
  error_description: string | null;
  /** Whether the state matched the one this browser stored. */
  state_ok: boolean;
}

/**
 * "The platform's script" (spec 1 §2.5): the login helper is loaded on demand; when it has not
 * arrived after 5 s the page shows fbSdkMissing. In the sandbox the helper is our own chunk.
 */
export function loadLoginScript(load: () => Promise<unknown> = () => import('./metaLoginScript'), timeoutMs = SCRIPT_TIMEOUT_MS): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    load().then(
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      () => {
        clearTimeout(timer);
        resolve(false);
      },
    );
  });
}

export function openLoginPopup(url: string, state: string): Window {
  localStorage.setItem(STATE_KEY, state);
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_SIZE) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_SIZE) / 2));
  const popup = window.open(url, 'encore-meta-login', `popup=yes,width=${POPUP_SIZE},height=${POPUP_SIZE},left=${left},top=${top}`);
  if (!popup) throw new LoginError({ kind: 'popupBlocked' });
  return popup;
}

/** Waits for the popup's fb_callback message (or its closing without one: cancelled). */
export function awaitCallback(popup: Window): Promise<CallbackMessage> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', onMessage);
      clearInterval(closed);
    };
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || (e.data as CallbackMessage | null)?.type !== 'fb_callback') return;
      done();
      try {
        popup.close();
      } catch {
        /* already gone */
      }
      resolve(e.data as CallbackMessage);
    };
    // A popup closed by hand never answers: that is a cancelled login too.
    const closed = setInterval(() => {
      if (popup.closed) {
        // the message may still be in flight when the popup closes itself
        setTimeout(() => {
          done();
          reject(new LoginError({ kind: 'loginCancelled' }));
        }, 500);
        clearInterval(closed);
      }
    }, 400);
    window.addEventListener('message', onMessage);
  });
}

/** Polls GET /tasks/{id} every 3 s for up to 180 s (spec 2 §4 Meta authorization). */
export async function pollExchange(api: MetaConnectApi, taskId: string, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)), nowMs = () => Date.now()): Promise<ExchangeResult> {
  const until = nowMs() + POLL_FOR_MS;
  for (;;) {
    const t = await api.task(taskId);
    const result = t.result as (ExchangeResult & { error_code?: string; message?: string }) | null;
    if (t.status === 'SUCCESS' && result && !result.error_code) return result;
    if (t.status === 'FAILURE' || t.status === 'REVOKED' || t.status === 'RETRY' || result?.error_code) {
      throw new LoginError({ kind: 'taskFailed', details: result?.message ?? t.status });
    }
    if (nowMs() + POLL_EVERY_MS > until) throw new LoginError({ kind: 'taskFailed', details: 'timeout' });
    await sleep(POLL_EVERY_MS);
  }
}

/** The whole login: popup, callback, state check, exchange task. */
export async function loginWithMeta(api: MetaConnectApi, login: { url: string; state: string; redirect_uri: string }): Promise<ExchangeResult> {
  const popup = openLoginPopup(login.url, login.state);
  const msg = await awaitCallback(popup);
  if (msg.error || !msg.code) throw new LoginError({ kind: 'loginCancelled' });
  if (!msg.state_ok || msg.state !== login.state) throw new LoginError({ kind: 'loginCancelled' });
  const { task_id } = await api.authorize({ code: msg.code, redirect_uri: login.redirect_uri, state: login.state });
  return pollExchange(api, task_id);
}

// Browser-side duties of the shell: share the session with other islands, leave for /login on a
// 401 from the API (spec 1 §4.1), and keep the unread badge fresh (spec 1 §9: every 10 s).
import { useEffect, useState } from 'react';
import { getTotalUnread } from '../../lib/api/auth';
import { getSessionInfo } from '../../lib/api/account';
import { NOTIFICATION_POLL_MS } from '../../lib/constants';
import { $session, type SessionState } from '../../stores/session';
import { $unreadCount } from '../../stores/notifications';
import { browserHost, startUnreadPolling } from './unreadPolling';

/** Seeds $session and $unreadCount before the first render of any child (browser only). */
export function useSeedStores(session: SessionState, unread: number): void {
  useState(() => {
    if (typeof window === 'undefined') return null; // never write module state during SSR
    $session.set(session);
    $unreadCount.set(unread);
    return null;
  });
}

export function useUnauthorisedRedirect(): void {
  useEffect(() => {
    // A 401 can also mean 'wrong password' in a re-authentication dialog (removing the
    // authenticator app, changing the email): leave only when the session itself is gone.
    let checking = false;
    const onUnauthorised = async () => {
      if (checking) return;
      checking = true;
      try {
        await getSessionInfo();
        return; // still signed in
      } catch {
        // the session is gone: sign in again
      } finally {
        checking = false;
      }
      const next = location.pathname + location.search + location.hash;
      location.assign(`/login?next=${encodeURIComponent(next)}`);
    };
    window.addEventListener('encore:unauthorised', onUnauthorised);
    return () => window.removeEventListener('encore:unauthorised', onUnauthorised);
  }, []);
}

/** spec 1 §9: every 10 s while the tab is visible; a hidden tab stops polling (unreadPolling.ts). */
export function useUnreadPolling(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let controller: AbortController | null = null;
    const poll = async () => {
      controller?.abort();
      controller = new AbortController();
      try {
        $unreadCount.set(await getTotalUnread(controller.signal));
      } catch {
        // A failed poll keeps the last count; a 401 is handled by the unauthorised event.
      }
    };
    return startUnreadPolling(() => void poll(), NOTIFICATION_POLL_MS, browserHost(), () => controller?.abort());
  }, [enabled]);
}

/** True after hydration: state that exists only in the browser may be shown from then on. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

// The shell's session duties of spec 1 §4.1: know the token expiry, renew 5 minutes before it,
// and log out when it has passed or the sign-in has ended (the timer shows the sign-in's end).
import { useEffect } from 'react';
import { $sessionEndsAt, $sessionExpiresAt } from '../../stores/sessionExpiry';
import { loadSessionTimes, needsRenewal, renewToken } from './sessionKeeper';
import { signOut } from './sessionActions';

const TICK_MS = 1000;

export function useSessionKeeper(): void {
  useEffect(() => {
    const controller = new AbortController();
    void loadSessionTimes(controller.signal).then((times) => {
      if (!times) return;
      $sessionExpiresAt.set(times.expiresAt);
      $sessionEndsAt.set(times.endsAt);
    });
    let leaving = false;
    const tick = () => {
      const at = $sessionExpiresAt.get();
      if (at === null || leaving) return;
      const now = Date.now();
      const end = $sessionEndsAt.get();
      if (at <= now || (end !== null && end <= now)) {
        leaving = true;
        void signOut();
        return;
      }
      if (needsRenewal(at, now)) void renewToken();
    };
    const timer = window.setInterval(tick, TICK_MS);
    // A tab woken from sleep checks at once instead of waiting for the next tick.
    const onVisible = () => document.visibilityState === 'visible' && tick();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      controller.abort();
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);
}

// The badge's polling schedule (spec 1 §9, issue 6): every 10 s while the tab is visible; a hidden
// tab stops asking, and a tab that becomes visible again asks at once and resumes.

export interface PollingHost {
  isHidden: () => boolean;
  onVisibilityChange: (listener: () => void) => () => void;
  setInterval: (fn: () => void, ms: number) => number;
  clearInterval: (id: number) => void;
}

export function browserHost(): PollingHost {
  return {
    isHidden: () => document.visibilityState === 'hidden',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    clearInterval: (id) => window.clearInterval(id),
  };
}

/** Starts polling; returns the function that stops it for good. `onPause` cancels a poll in flight. */
export function startUnreadPolling(poll: () => void, intervalMs: number, host: PollingHost, onPause: () => void = () => undefined): () => void {
  let timer: number | undefined;
  const start = () => {
    if (timer === undefined) timer = host.setInterval(poll, intervalMs);
  };
  const pause = () => {
    if (timer !== undefined) host.clearInterval(timer);
    timer = undefined;
    onPause();
  };
  const off = host.onVisibilityChange(() => {
    if (host.isHidden()) pause();
    else if (timer === undefined) {
      poll();
      start();
    }
  });
  if (!host.isHidden()) start();
  return () => {
    off();
    pause();
  };
}

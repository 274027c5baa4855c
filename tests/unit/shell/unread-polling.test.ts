// The unread badge polls every 10 s while visible, stops while the tab is hidden, and asks at
// once when the tab comes back (spec 1 §9, issue 6).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startUnreadPolling, type PollingHost } from '../../../src/islands/shell/unreadPolling';
import { NOTIFICATION_POLL_MS } from '../../../src/lib/constants';

function fakeHost(hidden = false) {
  const listeners = new Set<() => void>();
  const state = { hidden };
  const host: PollingHost = {
    isHidden: () => state.hidden,
    onVisibilityChange: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    setInterval: (fn, ms) => setInterval(fn, ms) as unknown as number,
    clearInterval: (id) => clearInterval(id),
  };
  const setHidden = (h: boolean) => {
    state.hidden = h;
    for (const l of listeners) l();
  };
  return { host, setHidden, listeners };
}

describe('startUnreadPolling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls every 10 s while visible', () => {
    const poll = vi.fn();
    const { host } = fakeHost();
    startUnreadPolling(poll, NOTIFICATION_POLL_MS, host);
    expect(NOTIFICATION_POLL_MS).toBe(10_000);
    vi.advanceTimersByTime(9_999);
    expect(poll).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(30_000);
    expect(poll).toHaveBeenCalledTimes(4);
  });

  it('stops while hidden, cancels the poll in flight, and asks at once on return', () => {
    const poll = vi.fn();
    const pause = vi.fn();
    const { host, setHidden } = fakeHost();
    startUnreadPolling(poll, 10_000, host, pause);
    setHidden(true);
    expect(pause).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(0);
    setHidden(false);
    expect(poll).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(2);
  });

  it('does not start in a hidden tab, and stop() ends everything', () => {
    const poll = vi.fn();
    const { host, setHidden, listeners } = fakeHost(true);
    const stop = startUnreadPolling(poll, 10_000, host);
    vi.advanceTimersByTime(30_000);
    expect(poll).toHaveBeenCalledTimes(0);
    setHidden(false);
    stop();
    expect(listeners.size).toBe(0);
    vi.advanceTimersByTime(30_000);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});

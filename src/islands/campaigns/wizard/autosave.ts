// spec 2 §4 Setup lifecycle "edited and synced": changes are merged into one patch and PUT 1 s after
// the last of them; a failure keeps the patch for Retry; nothing is sent once the setup is
// published. Framework-free so its timing is unit tested with fake timers (useAutosave wraps it).
// Issue 20: every PUT names the setup version its changes were made on; when another tab or user
// saved meanwhile the server refuses it (409 error.setup.stale_version) and the autosave stops
// sending ('stale') until the wizard loads the latest setup — nothing is overwritten silently.
import { AUTOSAVE_DEBOUNCE_MS } from '../../../lib/campaigns/setup-constants';
import type { SetupProcess, SetupUpdateBody } from '../../../lib/contracts/setup-process';

export type AutosaveState =
  | { kind: 'idle'; savedAt: string | null }
  | { kind: 'pending'; savedAt: string | null }
  | { kind: 'saving'; savedAt: string | null }
  | { kind: 'failed'; savedAt: string | null; error: unknown }
  /** Another tab or user saved first: what waits here can no longer be sent (reload for the latest). */
  | { kind: 'stale'; savedAt: string | null; error: unknown };

export interface Autosave {
  /** Adds fields to the next PUT and (re)starts the 1 s wait. */
  change(patch: SetupUpdateBody): void;
  /** Sends what waits now (before publishing or leaving a step); resolves once nothing waits. */
  flush(): Promise<void>;
  retry(): Promise<void>;
  /** Stops for good (published, cancelled, unmounted): what waits is dropped. */
  stop(): void;
  state(): AutosaveState;
  /** Whether a change waits or a PUT runs (spec 2 §4 "no pending sync"). */
  busy(): boolean;
}

export function createAutosave(opts: {
  save(patch: SetupUpdateBody): Promise<SetupProcess>;
  onState(state: AutosaveState): void;
  onSaved?(setup: SetupProcess): void;
  debounceMs?: number;
  initialSavedAt?: string | null;
  /** The loaded setup's version; each PUT sends the one of the last answer. */
  initialVersion?: number;
}): Autosave {
  const wait = opts.debounceMs ?? AUTOSAVE_DEBOUNCE_MS;
  let patch: SetupUpdateBody | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let version = opts.initialVersion;
  let state: AutosaveState = { kind: 'idle', savedAt: opts.initialSavedAt ?? null };
  const set = (s: AutosaveState) => {
    state = s;
    if (!stopped) opts.onState(s);
  };

  const send = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    // One PUT at a time: a change made while one runs goes in the next.
    while (running) await running;
    if (stopped || !patch || state.kind === 'stale') return;
    const body = patch;
    patch = null;
    set({ kind: 'saving', savedAt: state.savedAt });
    running = opts.save(version === undefined ? body : { ...body, version }).then(
      (setup) => {
        running = null;
        if (typeof setup.version === 'number') version = setup.version;
        if (stopped) return;
        opts.onSaved?.(setup);
        set(patch ? { kind: 'pending', savedAt: setup.last_synced_at } : { kind: 'idle', savedAt: setup.last_synced_at ?? new Date().toISOString() });
      },
      (error: unknown) => {
        running = null;
        // Kept for Retry, under what changed since.
        patch = { ...body, ...(patch ?? {}) };
        set({ kind: isStale(error) ? 'stale' : 'failed', savedAt: state.savedAt, error });
      },
    );
    await running;
  };

  return {
    change(next) {
      if (stopped) return;
      patch = { ...(patch ?? {}), ...next };
      if (state.kind === 'stale') return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void send(), wait);
      if (state.kind !== 'saving') set({ kind: 'pending', savedAt: state.savedAt });
    },
    async flush() {
      await send();
      if (state.kind === 'failed' || state.kind === 'stale') throw state.error;
    },
    retry: () => send(),
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      patch = null;
    },
    state: () => state,
    busy: () => !!patch || !!running,
  };
}

/** The server's answer to a PUT made on an older version (ARCHITECTURE §3 body, read by the api client). */
export const isStale = (error: unknown) => !!error && typeof error === 'object' && (error as { code?: unknown }).code === 'error.setup.stale_version';

/** "saved N minutes ago": whole minutes since the last save (0 = just now). */
export const minutesSince = (savedAt: string, nowMs: number) => Math.max(0, Math.floor((nowMs - Date.parse(savedAt)) / 60_000));

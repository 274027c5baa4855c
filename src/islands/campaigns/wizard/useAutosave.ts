// React side of ./autosave: one scheduler per setup, its state for the "saved N minutes ago" note
// (refreshed every 10 s, spec 2 §9) and stopped when the setup is published or the wizard closes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AUTOSAVE_NOTE_REFRESH_MS } from '../../../lib/campaigns/setup-constants';
import type { SetupProcess, SetupUpdateBody } from '../../../lib/contracts/setup-process';
import { updateSetup } from '../../../lib/api/setupProcess';
import { createAutosave, type Autosave, type AutosaveState } from './autosave';

/** `loads` counts the setup's fetches: loading it again (after another tab saved) starts a fresh scheduler on its version. */
export function useAutosave(eid: string, setup: SetupProcess | null, onSaved: (s: SetupProcess) => void, loads = 0): { autosave: Autosave; state: AutosaveState; now: number } {
  const setupId = setup?.id ?? null;
  const enabled = !!setup && setup.status !== 'published' && setup.status !== 'cancelled';
  const [state, setState] = useState<AutosaveState>({ kind: 'idle', savedAt: setup?.last_synced_at ?? null });
  const savedRef = useRef(onSaved);
  savedRef.current = onSaved;
  const autosave = useMemo(
    () =>
      createAutosave({
        save: (patch: SetupUpdateBody) => updateSetup(eid, patch),
        onState: setState,
        onSaved: (s) => savedRef.current(s),
        initialSavedAt: setup?.last_synced_at ?? null,
        initialVersion: setup?.version,
      }),
    // A new scheduler per setup (a cancelled and restarted setup starts clean) and per load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [eid, setupId, loads],
  );
  // Loaded again after a refused save: the note leaves 'stale' for the new scheduler's state.
  useEffect(() => setState((s) => (s.kind === 'stale' ? autosave.state() : s)), [autosave]);
  useEffect(() => {
    if (!enabled) autosave.stop();
  }, [autosave, enabled]);
  useEffect(() => () => autosave.stop(), [autosave]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AUTOSAVE_NOTE_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return { autosave, state, now };
}

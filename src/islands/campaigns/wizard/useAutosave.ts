// React side of ./autosave: one scheduler per setup, its state for the "saved N minutes ago" note
// (refreshed every 10 s, spec 2 §9) and stopped when the setup is published or the wizard closes.
import { useEffect, useMemo, useRef, useState } from 'react';
import { AUTOSAVE_NOTE_REFRESH_MS, type SetupProcess, type SetupUpdateBody } from '../../../lib/contracts/setup-process';
import { updateSetup } from '../../../lib/api/setupProcess';
import { createAutosave, type Autosave, type AutosaveState } from './autosave';

export function useAutosave(eid: string, setup: SetupProcess | null, onSaved: (s: SetupProcess) => void): { autosave: Autosave; state: AutosaveState; now: number } {
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
      }),
    // A new scheduler per setup (a cancelled and restarted setup starts clean).
    [eid, setupId],
  );
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

// The event's live setup in the browser (spec 2 §4 Setup lifecycle): fetched once (404 = none),
// edited locally at once and PUT by the autosave, started (POST), cancelled (DELETE ?cancel=true)
// and refetched after publishing.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { SetupProcess, SetupStartBody, SetupUpdateBody } from '../../../lib/contracts/setup-process';
import { cancelSetup, getSetup, startSetup } from '../../../lib/api/setupProcess';
import { ApiError } from '../../../lib/api/client';
import { useAutosave } from './useAutosave';

export type EditSetup = (patch: SetupUpdateBody | ((s: SetupProcess) => SetupUpdateBody)) => void;
export type SetupLoad = { status: 'loading' } | { status: 'error' } | { status: 'ready' };

export function useSetupProcess(eid: string) {
  const [load, setLoad] = useState<SetupLoad>({ status: 'loading' });
  const [setup, setSetup] = useState<SetupProcess | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loads, setLoads] = useState(0);
  const setupRef = useRef<SetupProcess | null>(null);
  setupRef.current = setup;

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getSetup(eid, controller.signal).then(
      (s) => {
        setSetup(s && s.status !== 'published' && s.status !== 'cancelled' ? s : null);
        setLoads((n) => n + 1);
        setLoad({ status: 'ready' });
      },
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [eid, attempt]);

  // The server's answer only moves the sync marks: the local copy may hold newer edits.
  const onSaved = useCallback(
    (s: SetupProcess) =>
      setSetup((cur) => (cur && cur.id === s.id ? { ...cur, status: s.status, last_synced_at: s.last_synced_at, version: s.version, budget_in_ad_account_currency: s.budget_in_ad_account_currency } : cur)),
    [],
  );
  const { autosave, state, now } = useAutosave(eid, setup, onSaved, loads);

  const edit: EditSetup = useCallback(
    (p) => {
      const cur = setupRef.current;
      if (!cur || cur.status === 'published') return;
      const patch = typeof p === 'function' ? p(cur) : p;
      const next = { ...cur, ...patch } as SetupProcess;
      setupRef.current = next;
      setSetup(next);
      autosave.change(patch);
    },
    [autosave],
  );

  const start = useCallback(
    async (body: SetupStartBody) => {
      const s = await startSetup(eid, body);
      setupRef.current = s;
      setSetup(s);
      return s;
    },
    [eid],
  );

  const cancel = useCallback(async () => {
    autosave.stop();
    await cancelSetup(eid, true);
    setupRef.current = null;
    setSetup(null);
  }, [eid, autosave]);

  /** After publishing: the setup is gone from the wizard (spec 2 §4: cleared and refetched). */
  const clear = useCallback(() => {
    autosave.stop();
    setupRef.current = null;
    setSetup(null);
    setAttempt((n) => n + 1);
  }, [autosave]);

  return { load, setup, setupRef, edit, start, cancel, clear, autosave, saveState: state, now, reload: () => setAttempt((n) => n + 1) };
}

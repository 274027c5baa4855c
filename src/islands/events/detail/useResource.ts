// Loads one call's answer for a section, cancelling a superseded request (STYLE.md: Plausible).
// A failure is re-thrown during render so the section's ErrorBoundary shows the retry (spec 1
// §2.3); a cancelled request is never an error (spec 1 §7).
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api/client';

export type Resource<T> = { status: 'idle' | 'loading' } | { status: 'ready'; data: T };

export function useResource<T>(load: ((signal: AbortSignal) => Promise<T>) | null, deps: readonly unknown[]): Resource<T> {
  const [state, setState] = useState<Resource<T> | { status: 'error'; error: unknown }>({ status: load ? 'loading' : 'idle' });
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || (error instanceof ApiError && error.cancelled)) return;
        setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load === null, ...deps]);
  if (state.status === 'error') throw state.error;
  return state;
}

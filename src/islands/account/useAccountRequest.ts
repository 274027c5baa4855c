// The busy/error state of an account form's call. spec 1 §8: exceptions in registration and
// forgot password show common.errors.onUpload unless the server names the failure.
import { useState } from 'react';
import { describeError } from './flow';

export function useAccountRequest() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      const f = describeError(err);
      if (!f.cancelled) setError(f.code?.startsWith('error.') ? f.key : 'common.errors.onUpload');
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, busy, run };
}

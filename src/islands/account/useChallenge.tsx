// Reads the pending challenge of this tab after hydration (sessionStorage is browser-only) and
// the notice shown when there is none or it has expired.
import { useEffect, useState } from 'react';
import type { Challenge } from '../../lib/contracts/auth';
import type { TinyT } from '../../lib/i18n/tiny';
import { readChallenge, saveChallenge, type PendingChallenge } from '../../stores/challenge';
import styles from './Account.module.css';

/** undefined before hydration, null when this tab has no challenge of the given kinds. */
export function useChallenge(kinds: Challenge[]): [PendingChallenge | null | undefined, (c: PendingChallenge) => void] {
  const [challenge, setState] = useState<PendingChallenge | null | undefined>(undefined);
  useEffect(() => {
    const c = readChallenge();
    setState(c && kinds.includes(c.challenge) ? c : null);
    // kinds is a constant of the calling screen
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const set = (c: PendingChallenge) => {
    saveChallenge(c);
    setState(c);
  };
  return [challenge, set];
}

export function ExpiredChallenge({ t }: { t: TinyT }) {
  return (
    <div className={styles.stack}>
      <p className="alert alert--warning" role="alert">
        {t('auth.expiredChallenge')}
      </p>
      <a href="/login" className={styles.submit}>
        {t('auth.toLogin')}
      </a>
    </div>
  );
}

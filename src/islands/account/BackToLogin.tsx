import type { TinyT } from '../../lib/i18n/tiny';
import styles from './Account.module.css';

/** The footer link of the account screens back to /login. */
export function BackToLogin({ t }: { t: TinyT }) {
  return (
    <div className={styles.footer}>
      <a href="/login" className={styles.back}>
        ← {t('auth.backToLogin')}
      </a>
    </div>
  );
}

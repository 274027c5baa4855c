// The last step of forgot password, registration and update details: a check mark, a text and a
// link to sign in (spec 1 §2.4).
import { Icon } from '../ui/Icon';
import styles from './Account.module.css';

export function SuccessPanel({ heading, text, linkLabel, href = '/login' }: { heading: string; text: string; linkLabel: string; href?: string }) {
  return (
    <div className={styles.success} role="status" aria-live="polite">
      <span className={styles.successIcon}>
        <Icon name="check" size={28} />
      </span>
      <h1 className={styles.heading}>{heading}</h1>
      <p className={styles.sub}>{text}</p>
      <a href={href} className={styles.submit}>
        {linkLabel}
      </a>
    </div>
  );
}

// The empty state of a section or page (spec 1 §4.6 'empty'): an icon, a title, a message and an
// optional action. Pure markup: renders on the server without hydration.
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon';
import styles from './EmptyState.module.css';

export function EmptyState({
  icon = 'inbox',
  title,
  message,
  badge,
  action,
  compact = false,
}: {
  icon?: IconName;
  title?: string;
  message: string;
  /** A small label above the title, e.g. 'Coming soon'. */
  badge?: string;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={compact ? `${styles.empty} ${styles.compact}` : styles.empty}>
      <span className={styles.icon}>
        <Icon name={icon} size={compact ? 20 : 24} />
      </span>
      {badge && <span className={styles.badge}>{badge}</span>}
      {title && <p className={styles.title}>{title}</p>}
      <p className={styles.message}>{message}</p>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}

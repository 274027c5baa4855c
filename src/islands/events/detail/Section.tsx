// A card of the event detail with its own error boundary (spec 1 §2.3: a failing section shows
// common.genericError and a retry, the rest of the event stays usable).
import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import styles from './EventDetail.module.css';

export function Section({ id, title, actions, children }: { id: string; title: string; actions?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`} data-section={id}>
      <div className={styles.cardHead}>
        <h3 id={`${id}-title`} className={styles.cardTitle}>
          {title}
        </h3>
        {actions}
      </div>
      <ErrorBoundary>{children}</ErrorBoundary>
    </section>
  );
}

export function Skeleton({ lines = 3, chart = false }: { lines?: number; chart?: boolean }) {
  return (
    <div className={styles.skeleton} aria-hidden="true">
      {chart ? <div className={styles.skeletonChart} /> : Array.from({ length: lines }, (_, i) => <div key={i} className={styles.skeletonLine} />)}
    </div>
  );
}

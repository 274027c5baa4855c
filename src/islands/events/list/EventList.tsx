// The infinite-scroll list (spec 1 §2.9): rows, loading rows while a page comes, 'No events found'
// when nothing matches, 'Error fetching data.' with a retry when a page fails (spec 1 §8).
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { EventItem } from '../../../lib/contracts/events';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Icon } from '../../ui/Icon';
import { EventRow } from './EventRow';
import type { EventPages } from './useEventPages';
import { useNearEnd } from '../../ui/useNearEnd';
import styles from './EventList.module.css';

function LoadingRows({ count }: { count: number }) {
  return (
    <ul className={styles.skeleton} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className={styles.skeletonRow}>
          <span className={styles.bone} />
          <span className={styles.boneWide} />
          <span className={styles.bone} />
          <span className={styles.bonePill} />
        </li>
      ))}
    </ul>
  );
}

function FailedPage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.failed} role="alert">
      <Icon name="alert" size={20} />
      <p>{t('events.list.error')}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('events.list.retry')}
      </Button>
    </div>
  );
}

export function EventList({
  pages,
  showTrend,
  onOpen,
  onReset,
  canReset,
  rowHref,
}: {
  pages: EventPages;
  rowHref?: (eventId: string) => string;
  showTrend: boolean;
  onOpen: (event: EventItem, click: MouseEvent<HTMLAnchorElement>) => void;
  onReset: () => void;
  canReset: boolean;
}) {
  const { t } = useTranslation();
  const marker = useRef<HTMLDivElement>(null);
  const { items, total, phase, loadingMore, moreFailed, hasMore } = pages;
  useNearEnd(marker, pages.loadMore, hasMore && !moreFailed, items.length);

  const status =
    phase === 'loading'
      ? t('events.list.loading')
      : phase === 'error'
        ? ''
        : loadingMore
          ? t('events.list.loadingMore')
          : total > 0
            ? t('events.list.showing', { shown: items.length, total })
            : '';

  return (
    <section className={styles.card} aria-labelledby="events-list-heading" aria-busy={phase === 'loading' || loadingMore}>
      <div className={styles.head}>
        <h2 id="events-list-heading" className={styles.heading}>
          {phase === 'ready' ? t('events.list.count', { count: total }) : t('events.list.listLabel')}
        </h2>
        <p className={styles.status} role="status" aria-live="polite">
          {status}
        </p>
      </div>

      {phase === 'error' && <FailedPage onRetry={pages.retry} />}
      {phase === 'loading' && <LoadingRows count={6} />}
      {phase === 'ready' && items.length === 0 && (
        <EmptyState
          icon="search"
          title={t('events.list.empty')}
          message={t('events.list.emptyHint')}
          action={
            canReset ? (
              <Button variant="secondary" size="sm" onClick={onReset}>
                {t('events.filters.reset')}
              </Button>
            ) : undefined
          }
        />
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-label={t('events.list.listLabel')}>
          {items.map((event) => (
            <li key={event.id} className={styles.item}>
              <EventRow event={event} showTrend={showTrend} onOpen={onOpen} href={rowHref} />
            </li>
          ))}
        </ul>
      )}
      {loadingMore && <LoadingRows count={2} />}
      {moreFailed && <FailedPage onRetry={pages.retry} />}
      {hasMore && !loadingMore && !moreFailed && (
        // Keyboard and assistive-technology users reach the next page without scrolling.
        <div className={styles.more}>
          <Button variant="ghost" size="sm" onClick={pages.loadMore}>
            {t('events.list.loadMore')}
          </Button>
        </div>
      )}
      <div ref={marker} className={styles.marker} aria-hidden="true" />
    </section>
  );
}

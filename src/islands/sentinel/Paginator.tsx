// spec 3 §2 paginator: 50 ids a page, the pages within 2 of the current one with an ellipsis for
// a gap, first/last links when there are more than 3 pages.
import { PAGE } from './model/constants';
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { pageCount, pageItems } from './model/pagination';
import styles from './Paginator.module.css';

export function Paginator({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(total);
  if (total <= PAGE.pageSize) return null;
  const from = (page - 1) * PAGE.pageSize + 1;
  const to = Math.min(total, page * PAGE.pageSize);
  const ends = pages > 3;
  return (
    <nav className={styles.pager} aria-label={t('sentinel.pager.label')} data-testid="sentinel-pager">
      <span className={styles.range}>{t('sentinel.pager.range', { from, to, total })}</span>
      <div className={styles.buttons}>
        {ends && (
          <button type="button" className={styles.btn} disabled={page === 1} aria-label={t('sentinel.pager.first')} onClick={() => onPage(1)}>
            <Icon name="chevronsLeft" size={16} />
          </button>
        )}
        <button type="button" className={styles.btn} disabled={page === 1} aria-label={t('sentinel.pager.previous')} onClick={() => onPage(page - 1)}>
          <Icon name="chevronLeft" size={16} />
        </button>
        {pageItems(page, pages).map((item) =>
          item.kind === 'ellipsis' ? (
            <span key={item.key} className={styles.ellipsis} aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={item.page}
              type="button"
              className={item.page === page ? `${styles.btn} ${styles.current}` : styles.btn}
              aria-current={item.page === page ? 'page' : undefined}
              aria-label={t('sentinel.pager.page', { page: item.page })}
              onClick={() => item.page !== page && onPage(item.page)}
            >
              {item.page}
            </button>
          ),
        )}
        <button type="button" className={styles.btn} disabled={page === pages} aria-label={t('sentinel.pager.next')} onClick={() => onPage(page + 1)}>
          <Icon name="chevronRight" size={16} />
        </button>
        {ends && (
          <button type="button" className={styles.btn} disabled={page === pages} aria-label={t('sentinel.pager.last')} onClick={() => onPage(pages)}>
            <Icon name="chevronsRight" size={16} />
          </button>
        )}
      </div>
    </nav>
  );
}

// One package of the list (spec 3 §2 "Package list": title, customer count, events, status). The
// title links to its results; in utility mode (a selection exists) a click selects instead, and a
// 500 ms press on the row starts the selection (useLongPress).
import type { PackageListItem } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { formatDay, formatNumber } from '../format';
import { StatusBadge } from '../StatusBadge';
import { useLongPress } from './useLongPress';
import styles from '../Packages.module.css';

const SHOWN_EVENTS = 2;

export function PackageRow({
  item,
  selected,
  utility,
  selectable = true,
  onToggle,
  onLongPress,
}: {
  item: PackageListItem;
  selected: boolean;
  utility: boolean;
  /** False for the demo's sample package: nothing to merge or delete. */
  selectable?: boolean;
  onToggle(): void;
  onLongPress(): void;
}) {
  const { t, i18n } = useTranslation();
  const press = useLongPress(selectable ? onLongPress : () => {});
  const href = `/package-builder/results/${item.id}`;
  const checkboxId = `package-select-${item.id}`;
  const events = item.events.slice(0, SHOWN_EVENTS);
  const more = item.events.length - events.length;
  return (
    <li className={styles.row} data-selected={selected || undefined} data-testid="package-row" data-package-id={item.id} {...press}>
      {/* Without a checkbox an empty first cell keeps the row's grid (the title would take the narrow column). */}
      {selectable ? <input id={checkboxId} type="checkbox" className={styles.rowCheck} checked={selected} onChange={onToggle} aria-label={t('packages.list.select', { title: item.title })} /> : <span aria-hidden="true" />}
      <div className={styles.rowMain}>
        <a
          href={href}
          className={styles.rowTitle}
          draggable={false}
          onClick={(e) => {
            if (!utility) return;
            e.preventDefault();
            onToggle();
          }}
        >
          {item.title}
        </a>
        <p className={styles.rowEvents}>
          {events.length === 0 ? t('packages.list.noEvents') : events.map((e) => e.title).join(' · ')}
          {more > 0 && <span className={styles.more}> {t('packages.list.moreEvents', { count: more })}</span>}
        </p>
      </div>
      <div className={styles.rowMeta}>
        <StatusBadge status={item.status} />
        {item.merge_id && <span className={styles.mergedBadge}>{t('packages.list.merged')}</span>}
        {item.demo && (
          <span className={styles.mergedBadge} data-testid="package-demo-badge">
            {t('packages.demo.label')}
          </span>
        )}
        <span className={styles.rowCustomers}>
          {item.n_customers === null
            ? t('packages.list.customersPending')
            : t('packages.list.customers', {
                count: item.n_customers,
                n: formatNumber(item.n_customers, i18n.language),
              })}
        </span>
        <span className={styles.rowDate}>{t('packages.list.created', { date: formatDay(item.created_at) })}</span>
      </div>
    </li>
  );
}

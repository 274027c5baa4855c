// One event in a dashboard card: title, UTC date, place, the forecast's verdict (labelled as the
// forecast's, see badge.ts) and today's sold share against comparable events at the same point. The row opens the drawer on wide screens and the page otherwise
// (spec 1 §2.9 at 975/991 px); its href is the page, which itself hands over to the drawer.
import type { MouseEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import type { EventItem } from '../../lib/contracts/events';
import { Icon } from '../ui/Icon';
import { formatEventDate, formatPercent, stateTone, trendOf } from '../events/detail/format';
import { drawerHref, eventPageHref, isWide } from '../events/detail/navigation';
import { badgeKey } from './badge';
import styles from './Dashboard.module.css';

function open(e: MouseEvent<HTMLAnchorElement>, id: string) {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if (!isWide()) return;
  e.preventDefault();
  window.location.assign(drawerHref(id));
}

export function EventRow({ event, lng }: { event: EventItem; lng: string }) {
  const { t } = useTranslation();
  const b = event.benchmark;
  const trend = trendOf(b.now.value, b.now.benchmark);
  const place = [event.hall_name, event.venue_name].filter(Boolean).join(', ') || event.city;
  return (
    <li>
      <a className={styles.row} href={eventPageHref(event.id)} onClick={(e) => open(e, event.id)}>
        <span className={styles.rowMain}>
          <span className={styles.rowTitle}>{event.title}</span>
          <span className={styles.rowMeta}>
            <time dateTime={event.start_date_time}>{formatEventDate(event.start_date_time, event.category)}</time>
            {place && <span> · {place}</span>}
          </span>
        </span>
        <span className={styles.rowSide}>
          <span className={styles.state} data-tone={stateTone(b.state)}>
            {t(badgeKey(b.state))}
          </span>
          {b.now.value != null && (
            <span className={styles.share}>
              {trend && <Icon name={trend === 'up' ? 'trendUp' : 'trendDown'} size={14} className={styles.trend} data-trend={trend} />}
              {t('dashboard.row.sold', { share: formatPercent(b.now.value, lng) })}
              {b.now.benchmark != null && <span className={styles.shareBench}>{t('dashboard.row.benchmark', { share: formatPercent(b.now.benchmark, lng) })}</span>}
            </span>
          )}
        </span>
      </a>
    </li>
  );
}

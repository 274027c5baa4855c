// One event of the list (spec 1 §2.9 and spec 3 "Event row"): title; start in UTC as DD.MM.YYYY,
// HH:mm; city; hall and venue; the campaign badge; the trend against comparable events. Product
// and uncategorised events show a date label and a category label instead of a time. Beyond the
// spec the row shows what partners look for first: the sold share against comparable events and
// the forecast's verdict.
//
// The row is a link to the event page, so it opens in a new tab and works without JavaScript;
// on wide screens a plain click opens the drawer instead (onOpen).
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { EventItem, ForecastState } from '../../../lib/contracts/events';
import { Icon } from '../../ui/Icon';
import { formatEventStart } from './dates';
import { formatShare, formatSharePercent, isDateOnly, isManualEvent, trendPoints } from './rowModel';
import { eventPath } from './drawerUrl';
import styles from './EventRow.module.css';

const STATE_TONE: Record<ForecastState, string> = {
  below: styles.toneBad,
  on_track: styles.toneNeutral,
  above: styles.toneGood,
  sold_out: styles.toneGood,
  finished: styles.toneMuted,
  no_data: styles.toneMuted,
};

export function EventRow({
  event,
  showTrend,
  onOpen,
  href = eventPath,
}: {
  event: EventItem;
  /** Where the row leads without script or in a new tab (the events or the campaigns page). */
  href?: (eventId: string) => string;
  /** spec 1 §2.9: no trend indicator on /campaigns. */
  showTrend: boolean;
  onOpen: (event: EventItem, click: MouseEvent<HTMLAnchorElement>) => void;
}) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const { date, time } = formatEventStart(event.start_date_time);
  const dateOnly = isDateOnly(event.category);
  const trend = showTrend ? trendPoints(event) : null;
  const { now, prediction, state } = event.benchmark;
  const place = [event.hall_name, event.venue_name].filter(Boolean) as string[];

  return (
    <a className={styles.row} href={href(event.id)} onClick={(e) => onOpen(event, e)} data-event-id={event.id}>
      <span className={styles.when}>
        {dateOnly ? (
          <>
            <span className={styles.whenLabel}>{t('events.row.dateLabel')}</span>
            <span className={styles.date}>{date}</span>
          </>
        ) : (
          <>
            <span className={styles.date}>{date}</span>
            <span className={styles.time}>
              <span className="visually-hidden">, </span>
              {time}
            </span>
          </>
        )}
      </span>

      <span className={styles.main}>
        <span className={styles.titleLine}>
          {event.frontend_status === 'FLAGGED' && (
            <span className={styles.flag} title={t('events.row.flagged')}>
              <Icon name="flag" size={15} />
              <span className="visually-hidden">{t('events.row.flagged')}: </span>
            </span>
          )}
          <span className={styles.title}>{event.title}</span>
        </span>
        <span className={styles.meta}>
          {event.city && <span>{event.city}</span>}
          {place.length > 0 && <span>{place.length === 2 ? t('events.row.hallVenue', { hall: place[0], venue: place[1] }) : place[0]}</span>}
        </span>
        <span className={styles.tags}>
          {dateOnly && (
            <span className={`${styles.tag} ${styles.tagCategory}`}>
              <span className="visually-hidden">{t('events.row.categoryLabel')}: </span>
              {t(`events.row.categories.${event.category}`)}
            </span>
          )}
          {event.has_campaign && (
            <span className={`${styles.tag} ${event.has_active_campaigns ? styles.tagActive : styles.tagInactive}`}>
              <span className={styles.dot} aria-hidden="true" />
              {t(event.has_active_campaigns ? 'events.row.campaignActive' : 'events.row.campaignInactive')}
            </span>
          )}
          {isManualEvent(event) && <span className={`${styles.tag} ${styles.tagManual}`}>{t('events.row.manual')}</span>}
          {event.frontend_status === 'HIDDEN' && <span className={styles.tag}>{t('events.filters.statusOptions.HIDDEN')}</span>}
          {event.frontend_status === 'CANCELLED' && (
            <span className={`${styles.tag} ${styles.tagCancelled}`}>{t('events.filters.statusOptions.CANCELLED')}</span>
          )}
        </span>
      </span>

      <span className={styles.sales}>
        {now.value === null ? (
          <span className={styles.benchmark}>{t('events.row.noSales')}</span>
        ) : (
          <>
            <span className={styles.soldLine}>
              <span className={styles.sold}>{t('events.row.sold', { value: formatSharePercent(now.value, lng) })}</span>
              {trend !== null && (
                <span className={`${styles.trend} ${trend > 0 ? styles.trendUp : styles.trendDown}`} data-testid="trend">
                  <Icon name={trend > 0 ? 'arrowUp' : 'arrowDown'} size={14} />
                  <span aria-hidden="true">{t('events.row.trendShort', { sign: trend > 0 ? '+' : '−', value: formatShare(Math.abs(trend), lng) })}</span>
                  <span className="visually-hidden">
                    {t(trend > 0 ? 'events.row.trendUp' : 'events.row.trendDown', { value: formatShare(Math.abs(trend), lng) })}
                  </span>
                </span>
              )}
            </span>
            {now.benchmark !== null && <span className={styles.benchmark}>{t('events.row.benchmark', { value: formatSharePercent(now.benchmark, lng) })}</span>}
          </>
        )}
      </span>

      <span className={styles.forecast}>
        <span className={`${styles.pill} ${STATE_TONE[state]}`}>
          <span className="visually-hidden">{t('events.row.forecastLabel')}: </span>
          {t(`events.row.forecast.${state}`)}
        </span>
        {prediction.value !== null && state !== 'finished' && state !== 'sold_out' && (
          <span className={styles.predicted}>{t('events.row.predicted', { value: formatSharePercent(prediction.value, lng) })}</span>
        )}
      </span>
      <Icon name="chevronRight" size={18} className={styles.chevron} />
    </a>
  );
}

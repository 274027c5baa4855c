// Other dates of the same production (GET /events/{id}/series), narrowed by the detail's
// date-range select.
//
// Why the select scopes this list: spec 1 §2.10 names a date-range select of 1 year, 3 months,
// 1 month, 2 weeks and 1 week *ahead*. Everything else on the detail looks back (sales so far) or
// runs to this event's own day (the forecast), so the one thing on the screen that reaches ahead is
// the production's other upcoming dates: the select answers "which other dates of this show come
// up in the next …?".
import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { getEventSeries } from '../../../lib/api/events';
import { EmptyState } from '../../ui/EmptyState';
import { formatEventDate, formatPercent, stateTone } from './format';
import { drawerHref, eventPageHref } from './navigation';
import { AHEAD_RANGES, DEFAULT_AHEAD_RANGE, isAheadRange, upcomingWithin, type AheadRange } from './ranges';
import { Skeleton } from './Section';
import { useResource } from './useResource';
import { useVisible } from './useVisible';
import styles from './EventDetail.module.css';

export function AheadSelect({ value, onChange }: { value: AheadRange; onChange: (r: AheadRange) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        {t('event.series.rangeLabel')}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(e) => isAheadRange(e.target.value) && onChange(e.target.value)}>
        {AHEAD_RANGES.map((r) => (
          <option key={r} value={r}>
            {t(`event.series.ranges.${r}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function SeriesList({ eventId, variant, lng }: { eventId: string; variant: 'drawer' | 'page'; lng: string }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useVisible(ref);
  const [range, setRange] = useState<AheadRange>(DEFAULT_AHEAD_RANGE);
  const res = useResource(visible ? (signal) => getEventSeries(eventId, signal) : null, [eventId]);
  const items = res.status === 'ready' ? upcomingWithin(res.data.items.filter((e) => e.id !== eventId), range) : [];
  return (
    <div ref={ref}>
      <div className={styles.sectionTools}>
        <AheadSelect value={range} onChange={setRange} />
      </div>
      {res.status !== 'ready' ? (
        <Skeleton lines={3} />
      ) : items.length === 0 ? (
        <EmptyState compact icon="calendar" message={t('event.series.empty')} />
      ) : (
        <ul className={styles.series} data-testid="series-list">
          {items.map((e) => (
            <li key={e.id}>
              <a className={styles.seriesRow} href={variant === 'drawer' ? drawerHref(e.id) : eventPageHref(e.id)}>
                <span className={styles.seriesDate}>{formatEventDate(e.start_date_time, e.category)}</span>
                <span className={styles.seriesPlace}>{[e.hall_name, e.venue_name].filter(Boolean).join(', ') || e.city}</span>
                <span className={styles.seriesShare} data-tone={stateTone(e.benchmark.state)}>
                  {t('event.series.sold', { share: formatPercent(e.benchmark.now.value, lng) })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

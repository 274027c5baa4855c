// spec 2 §2 "Campaign statistics panel (event series)": the accordion of the included events —
// the dates whose sales the series figures count — each opening its event. Collapsed by default;
// the campaign page's open_included_events=true (the PDF report's "more events" link) opens it
// and scrolls it into view. Which dates are included is the server's (campaign_results'
// included_event_ids, frozen at publish); how each looks comes from GET /events/{id}/series, read
// when the list is first opened. lib/campaigns/included-events.ts joins the two, as the report does.
//
// A campaign of a single date still shows the accordion, with that one date: the series column
// next to it is about "the event series", and the user expects to see which dates that means —
// here, only this one (the report lists it too, and its link must land on something).
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import type { EventItem } from '../../../lib/contracts/events';
import { getEventSeries } from '../../../lib/api/events';
import { ApiError } from '../../../lib/api/client';
import { includedEvents, type IncludedEvents as Included } from '../../../lib/campaigns/included-events';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Skeleton } from '../../events/detail/Section';
import { formatCount, formatEventDate } from '../../events/detail/format';
import { isDateOnly } from '../../events/detail/navigation';
import { includedEventHref } from '../navigation';
import styles from '../Campaigns.module.css';

type Load = { status: 'idle' | 'loading' | 'error' } | { status: 'ready'; included: Included<EventItem> };

/** The series, read when the list is first opened (and again on retry), kept while it is closed. */
function useIncluded(eventId: string, ids: readonly string[], wanted: boolean, attempt: number): Load {
  const [state, setState] = useState<Load>({ status: 'idle' });
  const key = ids.join(',');
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    getEventSeries(eventId, controller.signal).then(
      (series) => setState({ status: 'ready', included: includedEvents(series.items, ids) }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setState({ status: 'error' });
      },
    );
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventId, key, wanted, attempt]);
  return state;
}

const place = (e: EventItem) => [e.hall_name, e.venue_name, e.city].filter(Boolean).join(', ');

function EventLink({ event, current, lookout, lng }: { event: EventItem; current: boolean; lookout: boolean; lng: string }) {
  const { t } = useTranslation();
  const href = includedEventHref(event.id, { lookout, width: 0 });
  // The href is the narrow screens' target; on a wide screen the click goes straight to the drawer.
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    const to = includedEventHref(event.id, { lookout, width: window.innerWidth });
    if (to === href) return;
    e.preventDefault();
    window.location.assign(to);
  };
  const sold = event.benchmark.tickets_sold;
  return (
    <a className={styles.includedRow} href={href} onClick={open} data-event-id={event.id} aria-current={current || undefined}>
      <span className={styles.includedMain}>
        {/* The dates tell a series apart (its events share the title): the date leads. */}
        <span className={styles.includedDate}>
          {/* As the event's header (and the report) write it: times are UTC. */}
          <time dateTime={event.start_date_time}>
            {formatEventDate(event.start_date_time, event.category)}
            {isDateOnly(event.category) ? '' : ' UTC'}
          </time>
          {current && <span className={styles.includedThis}>{t('campaigns.stats.included.thisEvent')}</span>}
        </span>
        <span className={styles.includedMeta}>{[event.title, place(event)].filter(Boolean).join(' · ')}</span>
      </span>
      <span className={styles.includedSold} data-testid="included-sold">
        {event.capacity > 0
          ? t('campaigns.stats.included.sold', { sold: formatCount(sold, lng), capacity: formatCount(event.capacity, lng) })
          : t('campaigns.stats.included.soldNoCapacity', { sold: formatCount(sold, lng) })}
      </span>
      <Icon name="chevronRight" size={16} className={styles.includedChevron} />
    </a>
  );
}

export function IncludedEventsAccordion({
  eventId,
  includedIds,
  lookout,
  lng,
  openOnArrival = false,
  onArrived,
}: {
  eventId: string;
  /** campaign_results.included_event_ids. */
  includedIds: readonly string[];
  /** The viewer may open the events pages (else an event opens on the campaigns side). */
  lookout: boolean;
  lng: string;
  /** open_included_events=true: open at once and scroll into view when the list is in. */
  openOnArrival?: boolean;
  onArrived?: () => void;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [open, setOpen] = useState(openOnArrival);
  const [opened, setOpened] = useState(openOnArrival);
  const [attempt, setAttempt] = useState(0);
  const state = useIncluded(eventId, includedIds, opened, attempt);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const arriving = useRef(openOnArrival);

  // Arrived from the report's link: once the list is laid out (or failed), bring it into view and
  // give its button the focus, so the keyboard continues from here.
  useEffect(() => {
    if (!arriving.current || (state.status !== 'ready' && state.status !== 'error')) return;
    arriving.current = false;
    toggle.current?.focus({ preventScroll: true });
    root.current?.scrollIntoView({ block: 'start' });
    onArrived?.();
  }, [state.status, onArrived]);

  return (
    <div ref={root} className={styles.included} data-testid="included-events" id="included-events">
      <button
        ref={toggle}
        type="button"
        className={styles.includedToggle}
        aria-expanded={open}
        aria-controls={`${uid}-list`}
        onClick={() => {
          setOpen((o) => !o);
          setOpened(true);
        }}
        data-testid="included-events-toggle"
      >
        <Icon name="chevronRight" size={18} className={styles.accChevron} />
        <span className={styles.includedLabel}>{t('campaigns.stats.included.title')}</span>
        <span className={styles.includedCount}>{t('campaigns.stats.included.count', { count: includedIds.length })}</span>
      </button>
      <div id={`${uid}-list`} hidden={!open} className={styles.includedBody}>
        {open && (
          <>
            <p className={styles.statsNote}>{t('campaigns.stats.included.hint')}</p>
            {state.status === 'ready' ? (
              <>
                <ul className={styles.includedList} data-testid="included-events-list">
                  {state.included.events.map((e) => (
                    <li key={e.id}>
                      <EventLink event={e} current={e.id === eventId} lookout={lookout} lng={lng} />
                    </li>
                  ))}
                </ul>
                {state.included.unlisted > 0 && (
                  <p className={styles.statsNote} data-testid="included-unlisted">
                    {t('campaigns.stats.included.unlisted', { count: state.included.unlisted })}
                  </p>
                )}
              </>
            ) : state.status === 'error' ? (
              <div className={styles.includedError} role="alert">
                <p>{t('campaigns.stats.included.failed')}</p>
                <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : (
              <div aria-busy="true">
                <span className="visually-hidden" role="status">
                  {t('common.loading')}
                </span>
                <Skeleton lines={3} />
              </div>
            )}
          </>
        )}
      </div>
    </div>
  );
}

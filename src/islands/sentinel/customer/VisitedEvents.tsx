// spec 3 §2 visited events: date (DD.MM.YYYY), event title, tickets and amount, 10 per page, newest
// event first (the server's order). A zero amount carries the cancelled-ticket tooltip. Only events
// that have taken place are "visited" (issue 20 §3): tickets for events still to come are listed
// apart as upcoming, soonest first, and only when there are some (like the custom properties).
import { useState } from 'react';
import type { CustomerSalesSummary } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { Tooltip } from '../../ui/Tooltip';
import { formatAmount, formatCount, formatDay, pageOf, splitVisited, type PurchasedEvent } from './format';
import styles from './CustomerDetail.module.css';

type Kind = 'events' | 'upcoming';

function EventsCard({ kind, list, currency, emptyKey }: { kind: Kind; list: PurchasedEvent[]; currency: string; emptyKey: string }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const [requested, setPage] = useState(1);
  const { items, page, pages } = pageOf(list, requested);
  const titleId = `customer-${kind}-title`;
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid={`customer-${kind}`}>
      <h3 className={styles.cardTitle} id={titleId}>
        {t(`customer.${kind}.title`)}
      </h3>
      {list.length === 0 ? (
        <p className={styles.empty}>{t(emptyKey)}</p>
      ) : (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col" className={styles.date}>
                    {t('customer.events.date')}
                  </th>
                  <th scope="col">{t('customer.events.event')}</th>
                  <th scope="col" className={styles.num}>
                    {t('customer.events.tickets')}
                  </th>
                  <th scope="col" className={styles.num}>
                    {t('customer.events.amount')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((e) => (
                  <tr key={e.event_id}>
                    <td className={styles.date}>{formatDay(e.event_date)}</td>
                    <td className={styles.eventTitle}>
                      {e.title}
                      <span className={styles.dateInline}>{formatDay(e.event_date)}</span>
                    </td>
                    <td className={styles.num}>{formatCount(e.ticket_count, lng)}</td>
                    <td className={styles.num}>
                      {e.total_spent === 0 ? (
                        <Tooltip content={t('customer.events.cancelledTooltip')}>
                          <span className={styles.zero} tabIndex={0} data-testid="cancelled-amount">
                            {formatAmount(0, currency, lng)}
                            <Icon name="info" size={14} />
                            <span className="visually-hidden">{t('customer.events.cancelledTooltip')}</span>
                          </span>
                        </Tooltip>
                      ) : (
                        formatAmount(e.total_spent, currency, lng)
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 && (
            <nav className={styles.pager} aria-label={t(`customer.${kind}.pagination`)}>
              <button type="button" className={styles.pageButton} onClick={() => setPage(page - 1)} disabled={page <= 1} aria-label={t('customer.events.previous')}>
                <Icon name="chevronLeft" size={16} />
              </button>
              <span className={styles.pageInfo} aria-live="polite">
                {t('customer.events.page', { page, pages })}
              </span>
              <button type="button" className={styles.pageButton} onClick={() => setPage(page + 1)} disabled={page >= pages} aria-label={t('customer.events.next')}>
                <Icon name="chevronRight" size={16} />
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}

export function VisitedEvents({ sales }: { sales: CustomerSalesSummary }) {
  const { visited, upcoming } = splitVisited(sales.sales_per_event);
  // Without any purchase the customer "has not bought a ticket yet"; with only future ones, nothing was visited yet.
  const emptyKey = upcoming.length ? 'customer.events.noneVisited' : 'customer.events.empty';
  return (
    <>
      <EventsCard kind="events" list={visited} currency={sales.currency} emptyKey={emptyKey} />
      {upcoming.length > 0 && <EventsCard kind="upcoming" list={upcoming} currency={sales.currency} emptyKey="customer.events.empty" />}
    </>
  );
}

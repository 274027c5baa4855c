// Step 1's selected-events table (spec 3 §2): each chosen event with its date, venue and city and a
// remove button. Below 600 px the rows stack (labels from the column names), so a phone never
// scrolls sideways.
import type { SelectedEvent } from '../../../lib/packages/rules';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatDateTime } from '../format';
import styles from './Wizard.module.css';

export function SelectedEvents({ events, onRemove }: { events: SelectedEvent[]; onRemove(event: SelectedEvent, index: number): void }) {
  const { t } = useTranslation();
  const col = (k: string) => t(`packages.wizard.events.columns.${k}`);
  return (
    <section className={styles.selected} aria-labelledby="package-selected-heading">
      <h3 id="package-selected-heading" className={styles.subheading}>
        {t('packages.wizard.events.selected')} <span className={styles.count}>{t('packages.wizard.events.selectedCount', { count: events.length })}</span>
      </h3>
      {events.length === 0 ? (
        <p className={styles.emptyNote}>{t('packages.wizard.events.selectedEmpty')}</p>
      ) : (
        <table className={styles.table} data-testid="package-selected-events">
          <thead>
            <tr>
              <th scope="col">{col('title')}</th>
              <th scope="col">{col('date')}</th>
              <th scope="col">{col('venue')}</th>
              <th scope="col">{col('city')}</th>
              <th scope="col">
                <span className="visually-hidden">{col('actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {events.map((event, i) => (
              <tr key={event.id} data-testid="package-selected-event">
                <th scope="row" data-label={col('title')}>
                  {event.title}
                </th>
                <td data-label={col('date')}>{formatDateTime(event.start_date_time)}</td>
                <td data-label={col('venue')}>{[event.venue_name, event.hall_name].filter(Boolean).join(', ') || '–'}</td>
                <td data-label={col('city')}>{event.location ?? '–'}</td>
                <td className={styles.removeCell}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    onClick={() => onRemove(event, i)}
                    aria-label={t('packages.wizard.events.remove', {
                      title: event.title,
                    })}
                  >
                    <Icon name="close" size={16} />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

// Step 1 (spec 3 §2): the event search and the selected events. Adding and removing are announced;
// a removed row hands the focus to the next row's remove button, or to the search.
import { useRef, useState } from 'react';
import type { EventSearchResult } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { PB, type SelectedEvent } from '../../../lib/packages/rules';
import { EventSearch } from './EventSearch';
import { SelectedEvents } from './SelectedEvents';
import styles from './Wizard.module.css';

export function EventsStep({ events, onChange }: { events: SelectedEvent[]; onChange(change: (events: SelectedEvent[]) => SelectedEvent[]): void }) {
  const { t } = useTranslation();
  const [notice, setNotice] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const addedIds = new Set(events.map((e) => e.id));

  const add = (e: EventSearchResult) => {
    // spec 3 §2: an event cannot be added twice.
    if (addedIds.has(e.id)) return setNotice(t('packages.wizard.events.alreadyAdded', { title: e.title }));
    if (events.length >= PB.maxEvents) return setNotice(t('packages.wizard.events.tooMany', { max: PB.maxEvents }));
    const item: SelectedEvent = {
      id: e.id,
      eid: e.eid,
      title: e.title,
      date: e.date,
      start_date_time: e.start_date_time,
      location: e.location,
      hall_name: e.hall_name,
      venue_name: e.venue_name,
    };
    onChange((list) => (list.some((x) => x.id === e.id) ? list : [...list, item]));
    setNotice(t('packages.wizard.events.addedNotice', { title: e.title }));
  };

  const remove = (e: SelectedEvent, index: number) => {
    onChange((list) => list.filter((x) => x.id !== e.id));
    setNotice(t('packages.wizard.events.removedNotice', { title: e.title }));
    requestAnimationFrame(() => {
      const buttons = root.current?.querySelectorAll<HTMLButtonElement>('[data-testid="package-selected-event"] button');
      const next = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      (next ?? root.current?.querySelector<HTMLInputElement>('[data-testid="package-event-search"]'))?.focus();
    });
  };

  return (
    <div ref={root} className={styles.stepBody}>
      <EventSearch addedIds={addedIds} onAdd={add} />
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice}
      </p>
      <SelectedEvents events={events} onRemove={remove} />
    </div>
  );
}

// The topics multi-select (spec 1 §2.6): a button opens a panel with a search box and one
// checkbox per topic; Apply sets the filter, Reset clears it. Own disclosure markup (no popper):
// positioned by CSS only, so nothing writes style attributes the CSP would refuse.
import { useEffect, useId, useRef, useState } from 'react';
import type { NotificationTopic } from '../../lib/notification-topics';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import styles from './Notifications.module.css';

export function TopicFilter({ topics, value, onApply }: { topics: NotificationTopic[]; value: NotificationTopic[]; onApply: (next: NotificationTopic[]) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<NotificationTopic[]>(value);
  const [query, setQuery] = useState('');
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    setDraft(value);
    setQuery('');
    const onDown = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, value]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const label = (topic: NotificationTopic) => t(`notifications.topics.${topic}`);
  const shown = topics.filter((topic) => label(topic).toLowerCase().includes(query.trim().toLowerCase()));
  const toggle = (topic: NotificationTopic) => setDraft((d) => (d.includes(topic) ? d.filter((x) => x !== topic) : [...d, topic]));

  return (
    <div className={styles.filter} ref={root} onKeyDown={(e) => e.key === 'Escape' && open && (e.stopPropagation(), close())}>
      <button
        ref={button}
        type="button"
        className={value.length ? `${styles.filterButton} ${styles.filterActive}` : styles.filterButton}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name="filter" size={16} />
        {value.length ? t('notifications.filter.topicsCount', { count: value.length }) : t('notifications.filter.topics')}
        <Icon name="chevronUpDown" size={14} />
      </button>
      {open && (
        <div className={styles.filterPanel} id={panelId} role="group" aria-label={t('notifications.filter.topics')}>
          <label className={styles.search}>
            <Icon name="search" size={16} />
            <span className="visually-hidden">{t('notifications.filter.search')}</span>
            <input type="search" value={query} placeholder={t('notifications.filter.search')} onChange={(e) => setQuery(e.target.value)} autoFocus />
          </label>
          <ul className={styles.topicList}>
            {shown.map((topic) => (
              <li key={topic}>
                <label className={styles.check}>
                  <input type="checkbox" checked={draft.includes(topic)} onChange={() => toggle(topic)} />
                  {label(topic)}
                </label>
              </li>
            ))}
            {shown.length === 0 && <li className={styles.muted}>{t('notifications.filter.noTopic')}</li>}
          </ul>
          <div className={styles.filterActions}>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onApply([]);
                close();
              }}
            >
              {t('notifications.filter.reset')}
            </Button>
            <Button
              size="sm"
              onClick={() => {
                onApply(topics.filter((x) => draft.includes(x)));
                close();
              }}
            >
              {t('notifications.filter.apply')}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}

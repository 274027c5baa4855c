// spec 3 "Event editor": the copy-from-event modal. A paged search over the partner's events
// (GET /events/?q=&page=), one selection, and Copy (disabled until something is selected) loads
// the chosen event's details for the editor to merge.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { listEvents } from '../../../lib/api/events';
import { getEventDetails } from '../../../lib/api/eventForm';
import type { EventDetails } from '../../../lib/contracts/event-form';
import type { EventItem } from '../../../lib/contracts/events';
import { Modal } from '../../ui/Modal';
import { Button } from '../../ui/Button';
import styles from './EventEditor.module.css';

const PAGE_SIZE = 8;
const SEARCH_DEBOUNCE_MS = 300;

const displayDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

export function CopyFromEventDialog({
  open,
  onOpenChange,
  excludeId,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  excludeId?: string;
  onPick: (details: EventDetails) => void;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const [q, setQ] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [items, setItems] = useState<EventItem[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copying, setCopying] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(q.trim());
      setPage(1);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [q]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setLoading(true);
    listEvents({ q: query || undefined, page, limit: PAGE_SIZE }, controller.signal)
      .then((list) => {
        setItems(list.items.filter((i) => i.id !== excludeId));
        setTotal(list.total);
        setError(null);
      })
      .catch((err: { cancelled?: boolean; i18nKey?: string }) => {
        if (!err.cancelled) setError(err.i18nKey ?? 'common.errors.inServerResponse');
      })
      .finally(() => setLoading(false));
    return () => controller.abort();
  }, [open, query, page, excludeId]);

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  const copy = async () => {
    if (!selected) return;
    setCopying(true);
    try {
      onPick(await getEventDetails(selected));
      setSelected(null);
    } catch {
      setError('eventEdit.copy.failed');
    } finally {
      setCopying(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('eventEdit.copy.title')} description={t('eventEdit.copy.description')} closeLabel={t('common.close')}>
      <div className={styles.copyBody}>
        <div className="field">
          <label htmlFor={searchId}>{t('eventEdit.copy.search')}</label>
          <input id={searchId} className="input" type="search" value={q} placeholder={t('eventEdit.copy.searchPlaceholder')} onChange={(e) => setQ(e.target.value)} />
        </div>
        {error && (
          <p className="alert alert--error" role="alert">
            {t(error)}
          </p>
        )}
        <fieldset className={styles.results} aria-busy={loading}>
          <legend className="visually-hidden">{t('eventEdit.copy.results')}</legend>
          {!loading && items.length === 0 && !error && <p className={styles.empty}>{t('eventEdit.copy.noResults')}</p>}
          {items.map((item) => (
            <label key={item.id} className={styles.result} data-selected={selected === item.id || undefined}>
              <input type="radio" name="copy-source" value={item.id} checked={selected === item.id} onChange={() => setSelected(item.id)} />
              <span className={styles.resultText}>
                <span className={styles.resultTitle}>{item.title}</span>
                <span className={styles.resultMeta}>
                  {[displayDate(item.date), item.venue_name, item.hall_name, item.city].filter(Boolean).join(' · ')}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className={styles.pager}>
          <Button variant="ghost" size="sm" iconName="chevronLeft" aria-label={t('eventEdit.copy.previous')} disabled={page <= 1 || loading} onClick={() => setPage((p) => p - 1)} />
          <span aria-live="polite">{t('eventEdit.copy.page', { page, pages })}</span>
          <Button variant="ghost" size="sm" iconName="chevronRight" aria-label={t('eventEdit.copy.next')} disabled={page >= pages || loading} onClick={() => setPage((p) => p + 1)} />
        </div>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('eventEdit.copy.cancel')}
          </Button>
          <Button disabled={!selected} busy={copying} onClick={copy}>
            {t('eventEdit.copy.copy')}
          </Button>
        </div>
      </div>
    </Modal>
  );
}

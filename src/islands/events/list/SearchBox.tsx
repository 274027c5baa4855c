// The events search (spec 1 §2.9). Typing waits for a pause before it asks the server, so each
// keystroke does not start (and cancel) a request; Enter searches at once.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import styles from './Toolbar.module.css';

export const SEARCH_DEBOUNCE_MS = 350;

export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // Back/forward or a reset changes the search from outside.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);

  const schedule = (next: string, delay: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current(next.trim());
    }, delay);
  };

  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(e) => {
        e.preventDefault();
        schedule(text, 0);
      }}
    >
      <label htmlFor="events-search" className="visually-hidden">
        {t('events.list.searchLabel')}
      </label>
      <Icon name="search" size={18} className={styles.searchIcon} />
      <input
        id="events-search"
        className={styles.searchInput}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={200}
        placeholder={t('events.list.searchPlaceholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          schedule(e.target.value, SEARCH_DEBOUNCE_MS);
        }}
      />
      {text && (
        <button
          type="button"
          className={styles.clearSearch}
          aria-label={t('events.list.clearSearch')}
          onClick={() => {
            setText('');
            schedule('', 0);
          }}
        >
          <Icon name="close" size={16} />
        </button>
      )}
    </form>
  );
}

// A date filter field (spec 1 §2.9): typed as DD.MM.YYYY or picked in a calendar. A typed value
// that is not a calendar day shows 'Invalid date' and the previous value comes back; so does a day
// the filters refuse (before today without past events, an end before the start).
import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatDisplayDate, parseDisplayDate } from './dates';
import styles from './FiltersPanel.module.css';

const CalendarPicker = lazy(() => import('./CalendarPicker'));

/** Why a day is refused, as an i18n key; null when it is fine. */
export type DateCheck = (iso: string) => string | null;

export function DateField({
  label,
  value,
  placeholder,
  min,
  check,
  onChange,
}: {
  label: string;
  /** ISO day, or null for the default shown as placeholder. */
  value: string | null;
  placeholder: string;
  min: string | null;
  check: DateCheck;
  onChange: (iso: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ? formatDisplayDate(value) : '');
  const [error, setError] = useState<string | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);

  // The value may change from outside (range option, reset, back button).
  useEffect(() => setText(value ? formatDisplayDate(value) : ''), [value]);

  const restore = (errorKey: string) => {
    setError(errorKey);
    setText(value ? formatDisplayDate(value) : '');
  };

  const commit = () => {
    // Leaving an unchanged field keeps its message: it would otherwise vanish under the pointer
    // on the way to the next control and move that control.
    if (text === (value ? formatDisplayDate(value) : '')) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setError(null);
      if (value !== null) onChange(null);
      return;
    }
    const iso = parseDisplayDate(trimmed);
    if (iso === null) return restore('events.filters.invalidDate');
    const refused = check(iso);
    if (refused) return restore(refused);
    setError(null);
    setText(formatDisplayDate(iso));
    if (iso !== value) onChange(iso);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && text !== (value ? formatDisplayDate(value) : '')) {
      e.stopPropagation();
      setText(value ? formatDisplayDate(value) : '');
      setError(null);
    }
  };

  const pick = (iso: string) => {
    setCalendarOpen(false);
    const refused = check(iso);
    if (refused) return restore(refused);
    setError(null);
    onChange(iso);
  };

  return (
    <div className={styles.dateField}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      <div className={styles.dateInputRow}>
        <input
          id={id}
          className={styles.dateInput}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholder}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => setText(e.target.value)}
          onBlur={commit}
          onKeyDown={onKeyDown}
        />
        <Popover.Root open={calendarOpen} onOpenChange={setCalendarOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={styles.calendarButton} aria-label={t('events.filters.openCalendar', { field: label })}>
              <Icon name="calendar" size={18} />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.calendarPopover} align="end" sideOffset={6} collisionPadding={8} aria-label={label}>
              <Suspense fallback={<div className={styles.calendarLoading}>{t('common.loading')}</div>}>
                <CalendarPicker value={value} min={min} language={i18n.language} onSelect={pick} />
              </Suspense>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <span id={`${id}-hint`} className="visually-hidden">
        {t('events.filters.datePlaceholder')}
      </span>
      {error && (
        <p id={`${id}-error`} className={styles.dateError} role="alert">
          {t('events.filters.invalidDate')}
          {error !== 'events.filters.invalidDate' && <span className={styles.dateErrorWhy}>{t(error)}</span>}
        </p>
      )}
    </div>
  );
}

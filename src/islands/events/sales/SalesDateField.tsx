// A sales day (spec 3 "Manual sales entry"): typed as DD.MM.YYYY or picked in the calendar, within
// [min, max]. A typed text that is no day, or a day out of bounds, leaves the value empty and says
// why, so the form stays invalid until it is fixed.
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Popover } from 'radix-ui';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatDisplayDate, parseDisplayDate } from '../list/dates';
import { checkSalesDay } from './manualSales';
import styles from './SalesPanel.module.css';

const CalendarPicker = lazy(() => import('../list/CalendarPicker'));

export function SalesDateField({
  label,
  value,
  min,
  max,
  disabled = false,
  hint,
  onChange,
  onBlur,
}: {
  label: string;
  value: string;
  min: string | null;
  max: string;
  disabled?: boolean;
  hint?: string;
  onChange: (iso: string) => void;
  onBlur: () => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [text, setText] = useState(value ? formatDisplayDate(value) : '');
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (value) setText(formatDisplayDate(value));
  }, [value]);

  const accept = (iso: string | null, typed: string) => {
    if (typed.trim() === '') {
      setError(null);
      onChange('');
      return;
    }
    const refused = iso === null ? 'invalidDate' : checkSalesDay(iso, { min, max });
    setError(refused);
    onChange(refused || iso === null ? '' : iso);
    if (!refused && iso) setText(formatDisplayDate(iso));
  };

  const describedBy = [`${id}-format`, hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <div className={styles.dateRow}>
        <input
          id={id}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('event.salesEdit.manual.datePlaceholder')}
          value={text}
          disabled={disabled}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            accept(parseDisplayDate(text), text);
            onBlur();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              accept(parseDisplayDate(text), text);
            }
          }}
        />
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={styles.calendarButton} disabled={disabled} aria-label={t('event.salesEdit.manual.openCalendar', { field: label })}>
              <Icon name="calendar" size={18} />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.calendarPopover} align="end" sideOffset={6} collisionPadding={8} aria-label={label}>
              <Suspense fallback={<div className={styles.calendarLoading}>{t('common.loading')}</div>}>
                <CalendarPicker
                  value={value || null}
                  min={min}
                  max={max}
                  language={i18n.language}
                  onSelect={(iso) => {
                    setOpen(false);
                    accept(iso, iso);
                    onBlur();
                  }}
                />
              </Suspense>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <span id={`${id}-format`} className="visually-hidden">
        {t('event.salesEdit.manual.dateFormat')}
      </span>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError} role="alert">
          {t(`event.salesEdit.errors.${error}`, { max: formatDisplayDate(max), min: min ? formatDisplayDate(min) : '' })}
        </p>
      )}
    </div>
  );
}

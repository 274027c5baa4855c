// The console's one date field (spec 1 §2.9, spec 3 §9): a day typed as DD.MM.YYYY or picked in a
// calendar popover, whatever the browser's own date format. Text that is no calendar day says
// 'Invalid date'; `onInvalid` decides what the value does then: 'restore' brings the previous value
// back (filters, the event editor), 'clear' empties it so the form stays invalid until fixed
// (sales days, where a kept old day would be saved unnoticed). `check` may refuse a real day with
// its own message. The label, hint and form errors stay the caller's: the field lives in several
// form layouts, and only the input row, its calendar and its own message are shared.
import { lazy, Suspense, useEffect, useState, type KeyboardEvent } from 'react';
import { Popover } from 'radix-ui';
import { formatDisplayDate, parseDisplayDate } from '../events/list/dates';
import { Icon } from './Icon';
import styles from './DateField.module.css';

const CalendarPicker = lazy(() => import('./CalendarPicker'));

export interface DateFieldTexts {
  /** 'Invalid date' (or the form's wording of it). */
  invalidDate: string;
  /** The calendar button's name, e.g. 'Open calendar for Start date'. */
  openCalendar: string;
  /** Read to screen readers with the input: the expected format. */
  format: string;
  loading: string;
}

export interface DateFieldProps {
  /** The input's id (the caller's label points at it). */
  id: string;
  /** ISO day; '' or null when empty. */
  value: string | null;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  /** Calendar bounds (days outside cannot be picked); refusing typed days is `check`'s job. */
  min?: string | null;
  max?: string | null;
  /** Why a real day is refused (a translated message), or null. */
  check?: (iso: string) => string | null;
  onInvalid: 'restore' | 'clear';
  /** A refusal's message under the 'Invalid date' heading (filters) or alone (sales). */
  refusalUnderHeading?: boolean;
  texts: DateFieldTexts;
  language: string;
  placeholder?: string;
  disabled?: boolean;
  required?: boolean;
  /** The caller's own error (e.g. a form rule) marks the input invalid too. */
  invalid?: boolean;
  /** Ids of the caller's hint and error texts. */
  describedBy?: string;
  /** 'sm' fits the filter panel's denser controls. */
  size?: 'md' | 'sm';
}

type Problem = { kind: 'invalid' } | { kind: 'refused'; message: string };

export function DateField(props: DateFieldProps) {
  const { id, value, onChange, onBlur, min, max, check, onInvalid, texts, language } = props;
  const shown = value ? formatDisplayDate(value) : '';
  const [text, setText] = useState(shown);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [calendarOpen, setCalendarOpen] = useState(false);

  // The value may change from outside (range option, reset, back button, copy from an event). In
  // 'clear' mode an emptied value keeps the typed text, so the user sees what was refused.
  useEffect(() => {
    if (value || onInvalid === 'restore') setText(value ? formatDisplayDate(value) : '');
  }, [value, onInvalid]);

  const refuse = (next: Problem) => {
    setProblem(next);
    if (onInvalid === 'restore') setText(shown);
    else if (value) onChange(null);
  };

  const accept = (iso: string) => {
    const refused = check?.(iso) ?? null;
    if (refused) return refuse({ kind: 'refused', message: refused });
    setProblem(null);
    setText(formatDisplayDate(iso));
    if (iso !== value) onChange(iso);
  };

  const commit = () => {
    // Leaving an unchanged field keeps its message: it would otherwise vanish under the pointer on
    // the way to the next control and move that control.
    if (text === shown) return;
    const trimmed = text.trim();
    if (trimmed === '') {
      setProblem(null);
      if (value) onChange(null);
      return;
    }
    const iso = parseDisplayDate(trimmed);
    if (iso === null) return refuse({ kind: 'invalid' });
    accept(iso);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && text !== shown) {
      // Escape first undoes the typing; only an untouched field lets it close the surrounding panel.
      e.stopPropagation();
      setText(shown);
      setProblem(null);
    }
  };

  const errorId = `${id}-date-error`;
  const describedBy = [`${id}-format`, props.describedBy, problem ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={styles.field} data-size={props.size ?? 'md'}>
      <div className={styles.row}>
        <input
          id={id}
          className={`input ${styles.input}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={props.placeholder}
          value={text}
          disabled={props.disabled}
          required={props.required}
          aria-invalid={problem || props.invalid ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => {
            commit();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        <Popover.Root open={calendarOpen} onOpenChange={setCalendarOpen}>
          <Popover.Trigger asChild>
            <button type="button" className={styles.calendarButton} disabled={props.disabled} aria-label={texts.openCalendar}>
              <Icon name="calendar" size={18} />
            </button>
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.popover} align="end" sideOffset={6} collisionPadding={8} aria-label={texts.openCalendar}>
              <Suspense fallback={<div className={styles.loading}>{texts.loading}</div>}>
                <CalendarPicker
                  value={value || null}
                  min={min ?? null}
                  max={max ?? null}
                  language={language}
                  onSelect={(iso) => {
                    setCalendarOpen(false);
                    accept(iso);
                    onBlur?.();
                  }}
                />
              </Suspense>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <span id={`${id}-format`} className="visually-hidden">
        {texts.format}
      </span>
      {problem && (
        <p id={errorId} className={styles.error} role="alert">
          {problem.kind === 'invalid' ? (
            texts.invalidDate
          ) : props.refusalUnderHeading ? (
            <>
              {texts.invalidDate}
              <span className={styles.why}>{problem.message}</span>
            </>
          ) : (
            problem.message
          )}
        </p>
      )}
    </div>
  );
}

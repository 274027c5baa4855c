// The calendar next to a date field (spec 1 §2.9). Loaded on first open only: react-day-picker
// and its date-fns locale stay out of the page's first JavaScript.
//
// Days are handed over as ISO days and shown as local calendar days (midnight local time), so the
// cell the user clicks is the day that is filtered, whatever the browser's time zone.
import { DayPicker } from 'react-day-picker';
import { de, enUS } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import styles from './CalendarPicker.module.css';

function toLocal(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
}

function toIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export default function CalendarPicker({
  value,
  min,
  max,
  language,
  onSelect,
}: {
  value: string | null;
  /** First selectable day (today unless past events are included). */
  min: string | null;
  /** Last selectable day (the sales forms stop at today or the event day). */
  max?: string | null;
  language: string;
  onSelect: (iso: string) => void;
}) {
  const selected = value ? toLocal(value) : undefined;
  return (
    <DayPicker
      className={styles.calendar}
      mode="single"
      required={false}
      selected={selected}
      defaultMonth={selected ?? (max ? toLocal(max) : min ? toLocal(min) : undefined)}
      disabled={[...(min ? [{ before: toLocal(min) }] : []), ...(max ? [{ after: toLocal(max) }] : [])]}
      onSelect={(date) => date && onSelect(toIso(date))}
      locale={language === 'de' ? de : enUS}
      weekStartsOn={1}
      captionLayout="dropdown"
      startMonth={min ? toLocal(min) : new Date(new Date().getFullYear() - 4, 0)}
      endMonth={max ? toLocal(max) : new Date(new Date().getFullYear() + 4, 11)}
      autoFocus
    />
  );
}

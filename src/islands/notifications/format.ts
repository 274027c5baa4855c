// spec 1 §2.6 / §9: a notification's date shows as DD.MM.YYYY, HH:mm, and the date alone for
// the product category. In the browser's time zone (the list renders in the browser only).
import { DATE_ONLY_NOTIFICATION_CATEGORIES } from '../../lib/notification-topics';

const pad = (n: number) => String(n).padStart(2, '0');

export function formatNotificationDate(iso: string, category?: string | null, timeZone?: string): string {
  const d = new Date(iso);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const date = `${parts.day}.${parts.month}.${parts.year}`;
  if (category && DATE_ONLY_NOTIFICATION_CATEGORIES.includes(category)) return date;
  return `${date}, ${pad(Number(parts.hour))}:${parts.minute}`;
}

// Pure rules of the customer detail (spec 3 §2 "Customer detail", §9), kept apart from the
// components so they are unit-tested and shared by the drawer and the page.
import type { CustomerDetail, CustomerSalesSummary } from '../../../lib/contracts/nlq';

/**
 * spec 3 §9 values of SENTINEL (src/lib/contracts/nlq.ts), repeated because a value import of the
 * contracts module would bring zod into the page bundle; a unit test keeps them equal.
 */
export const VISITED_EVENTS_PAGE_SIZE = 10;
export const COPIED_MS = 2000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' (or an ISO timestamp) → 'DD.MM.YYYY', the day in UTC (spec 1 §9). */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** Money of the partner's currency with its cents (a customer's purchases are small sums). */
export function formatAmount(value: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

export function formatCount(value: number, language: string): string {
  return new Intl.NumberFormat(language === 'de' ? 'de-DE' : 'en-US', { maximumFractionDigits: 0 }).format(value);
}

/** First and last name; null when the partner's data has neither (the detail then shows the id). */
export function fullName(c: Pick<CustomerDetail, 'first_name' | 'last_name'>): string | null {
  const name = [c.first_name, c.last_name].map((p) => p?.trim()).filter(Boolean).join(' ');
  return name || null;
}

/** Two letters for the avatar: initials of the name, else of nothing ('?'). */
export function initials(c: Pick<CustomerDetail, 'first_name' | 'last_name'>): string {
  const letters = [c.first_name, c.last_name].map((p) => p?.trim().charAt(0) ?? '').join('');
  return letters.toUpperCase() || '?';
}

/** The street line and the 'zip city' line of the address, without empty parts. */
export function addressLines(c: Pick<CustomerDetail, 'street' | 'zip_code' | 'city' | 'country'>): string[] {
  const place = [c.zip_code, c.city].map((p) => p?.trim()).filter(Boolean).join(' ');
  const withCountry = [place, c.country?.trim()].filter(Boolean).join(', ');
  return [c.street?.trim() ?? '', withCountry].filter(Boolean);
}

/** The page of a list (1-based) and how many pages there are; a page past the end shows the last. */
export function pageOf<T>(items: readonly T[], page: number, size = VISITED_EVENTS_PAGE_SIZE): { items: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

export type PurchasedEvent = CustomerSalesSummary['sales_per_event'][number];

/**
 * issue 20 §3: only events that have taken place were visited (newest first, as the server sends
 * them); the ones still to come are upcoming, soonest first.
 */
export function splitVisited(list: readonly PurchasedEvent[]): { visited: PurchasedEvent[]; upcoming: PurchasedEvent[] } {
  return { visited: list.filter((e) => !e.upcoming), upcoming: list.filter((e) => e.upcoming).reverse() };
}

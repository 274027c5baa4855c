// The columns of the result tables (spec 3 §3) as the export writes them, headed in the user's
// language. Values stay typed (numbers, dates, booleans) until the CSV or XLSX writer formats them.
import type { CustomerRow, EventRow, ResultType, TransactionRow } from '../../../lib/contracts/nlq';
import type { ResultRow } from './rows';

export type CellValue = string | number | boolean | { date: string } | null;

export interface ExportColumn {
  key: string;
  en: string;
  de: string;
  value: (row: ResultRow) => CellValue;
  width?: number;
}

const c = <R>(key: string, en: string, de: string, value: (row: R) => CellValue, width?: number): ExportColumn => ({
  key, en, de, value: value as (row: ResultRow) => CellValue, width,
});
const day = (s: string | null) => (s && /^\d{4}-\d{2}-\d{2}$/.test(s) ? { date: s } : s);
/** spec 3 §3: categories show their underscores as capitalised words ("operetta_musical" → "Operetta Musical"). */
export const categoryLabel = (s: string) => s.split('_').map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w)).join(' ');

const CUSTOMER: ExportColumn[] = [
  c<CustomerRow>('id', 'ID', 'ID', (r) => r.id, 12),
  c<CustomerRow>('salutation', 'Salutation', 'Anrede', (r) => r.salutation, 10),
  c<CustomerRow>('first_name', 'First name', 'Vorname', (r) => r.first_name, 16),
  c<CustomerRow>('last_name', 'Last name', 'Nachname', (r) => r.last_name, 18),
  c<CustomerRow>('street', 'Street', 'Straße', (r) => r.street, 26),
  c<CustomerRow>('zip_code', 'ZIP code', 'PLZ', (r) => r.zip_code, 9),
  c<CustomerRow>('city', 'City', 'Ort', (r) => r.city, 16),
  c<CustomerRow>('email', 'Email', 'E-Mail', (r) => r.email, 28),
  c<CustomerRow>('email_2', 'Email 2', 'E-Mail 2', (r) => r.email_2, 28),
  c<CustomerRow>('phone1', 'Phone 1', 'Telefon 1', (r) => r.phone1, 16),
  c<CustomerRow>('phone2', 'Phone 2', 'Telefon 2', (r) => r.phone2, 16),
  c<CustomerRow>('ads_opt_out', 'Ads opt-out', 'Werbewiderspruch', (r) => r.ads_opt_out, 12),
];

const EVENT: ExportColumn[] = [
  c<EventRow>('id', 'ID', 'ID', (r) => r.id, 14),
  c<EventRow>('title', 'Title', 'Titel', (r) => r.title, 36),
  c<EventRow>('description', 'Description', 'Beschreibung', (r) => r.description, 40),
  c<EventRow>('category', 'Category', 'Kategorie', (r) => categoryLabel(r.category), 16),
  c<EventRow>('date', 'Date', 'Datum', (r) => day(r.date), 12),
  c<EventRow>('start', 'Start', 'Beginn', (r) => r.start, 8),
  c<EventRow>('end', 'End', 'Ende', (r) => r.end, 8),
  c<EventRow>('capacity', 'Capacity', 'Kapazität', (r) => r.capacity, 10),
  c<EventRow>('price_category', 'Price category', 'Preiskategorie', (r) => r.price_category, 12),
  c<EventRow>('city', 'City', 'Ort', (r) => r.city, 14),
  c<EventRow>('venues', 'Venue', 'Spielstätte', (r) => r.venues, 22),
  c<EventRow>('halls', 'Hall', 'Saal', (r) => r.halls, 18),
  c<EventRow>('lineups', 'Line-up', 'Besetzung', (r) => r.lineups.map((l) => l.artist_name).join(', '), 30),
  c<EventRow>('setlists', 'Setlist', 'Programm', (r) => r.setlists.map((s) => (s.composer ? `${s.composer}: ${s.title}` : s.title)).join('; '), 40),
];
const EVENT_PERCENTAGES: ExportColumn[] = [
  c<EventRow>('already_sold', 'Already sold %', 'Bereits verkauft %', (r) => r.already_sold, 12),
  c<EventRow>('prediction', 'Prediction %', 'Prognose %', (r) => r.prediction, 12),
  c<EventRow>('sales_prediction', 'Sales prediction %', 'Verkaufsprognose %', (r) => r.sales_prediction, 12),
  c<EventRow>('benchmark', 'Benchmark %', 'Benchmark %', (r) => r.benchmark, 12),
];

const TRANSACTION: ExportColumn[] = [
  c<TransactionRow>('id', 'ID', 'ID', (r) => r.id, 12),
  c<TransactionRow>('event_id', 'Event ID', 'Veranstaltungs-ID', (r) => r.event_id, 14),
  c<TransactionRow>('customer_id', 'Customer ID', 'Kunden-ID', (r) => r.customer_id, 12),
  c<TransactionRow>('invoice_id', 'Invoice ID', 'Rechnungsnummer', (r) => r.invoice_id, 14),
  c<TransactionRow>('ticket_type', 'Ticket type', 'Ticketart', (r) => r.ticket_type, 14),
  c<TransactionRow>('date', 'Date', 'Datum', (r) => day(r.date), 12),
  c<TransactionRow>('time', 'Time', 'Uhrzeit', (r) => r.time, 8),
  c<TransactionRow>('sold_price', 'Sold price', 'Verkaufspreis', (r) => r.sold_price, 12),
  c<TransactionRow>('ground_price', 'Base price', 'Grundpreis', (r) => r.ground_price, 12),
  c<TransactionRow>('discount', 'Discount', 'Rabatt', (r) => r.discount, 10),
  c<TransactionRow>('ticket_category', 'FD Ticket Category', 'FD-Ticketkategorie', (r) => r.ticket_category, 14),
  c<TransactionRow>('raw_ticket_category', 'Client ticket category', 'Ticketkategorie des Veranstalters', (r) => r.raw_ticket_category, 16),
  c<TransactionRow>('currency', 'Currency', 'Währung', (r) => r.currency, 8),
  c<TransactionRow>('payment_method', 'Payment method', 'Zahlungsart', (r) => r.payment_method, 14),
  c<TransactionRow>('seat_id', 'Seat', 'Platz', (r) => r.seat_id, 10),
];

/** The export's columns for an answer; the event percentages are left out for the prisma type (spec 3 §3). */
export function exportColumns(type: ResultType, product: string): ExportColumn[] {
  if (type === 'customers') return CUSTOMER;
  if (type === 'transactions') return TRANSACTION;
  return product === 'prisma' ? EVENT : [...EVENT, ...EVENT_PERCENTAGES];
}

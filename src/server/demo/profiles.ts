// What a box office knows beyond the sale itself (spec 3 §3, Sentinel): each customer's profile
// (salutation, name, street, mail, phones, advertising opt-out) and custom properties from the
// CRM, and each sale's invoice, payment method, seat and, for discounted tickets, the list price
// and the discount. Pure, like catalog-plan.ts, and drawn from streams of its own (forked from the
// partner's root), so the venues, events, customers and sales the rest of the demo relies on are
// exactly what they were before.
import type { Rng } from './random';
import type { Language } from './names';
import type { PlannedCustomers, PlannedEvent, PlannedHall, PlannedSales } from './catalog-plan';
import {
  COUNTRY,
  FIRST_NAMES,
  LAST_NAMES,
  MAIL_PROVIDERS,
  PAYMENT_METHODS,
  PROPERTY_WORDS,
  SALUTATIONS,
  STREETS,
  WORK_DOMAINS,
  landlineNumber,
  mailPart,
  mobileNumber,
  type Gender,
} from './people';

export interface PlannedProfiles {
  salutation: (string | null)[];
  firstName: string[];
  lastName: string[];
  street: (string | null)[];
  country: string[];
  email: (string | null)[];
  email2: (string | null)[];
  phone1: (string | null)[];
  phone2: (string | null)[];
  adsOptOut: boolean[];
}

/** Custom properties, one entry per (customer, label). */
export interface PlannedProperties {
  customer: number[];
  label: string[];
  content: string[];
}

/** Per sale, in the order of PlannedSales. */
export interface PlannedSaleDetails {
  invoiceId: (string | null)[];
  paymentMethod: (string | null)[];
  seatId: (string | null)[];
  groundPriceMinor: (number | null)[];
  discountMinor: (number | null)[];
}

/** Hall kinds with numbered seats; arenas, clubs and open-air grounds sell standing tickets. */
const SEATED = new Set(['concert_hall', 'theatre', 'civic']);
/** The price multiplier of each discounted ticket type (pricing.ts unitPriceMinor). */
const DISCOUNT_FACTOR: Record<string, number> = { regular_discount: 0.85, discount: 0.55 };
/** Sales of one customer this close together are one order with one invoice. */
const SAME_ORDER_MS = 20 * 60_000;

export function planProfiles(rng: Rng, language: Language, customers: PlannedCustomers): PlannedProfiles {
  const n = customers.externalId.length;
  const out: PlannedProfiles = {
    salutation: [], firstName: [], lastName: [], street: [], country: [], email: [], email2: [], phone1: [], phone2: [], adsOptOut: [],
  };
  const taken = new Set<string>();
  const next = () => rng.next();
  for (let i = 0; i < n; i++) {
    const gender = rng.weighted<Gender>([['f', 52], ['m', 46], ['x', 2]]);
    const first = rng.pick(FIRST_NAMES[language][gender]);
    const last = rng.pick(LAST_NAMES[language]);
    out.salutation.push(rng.chance(0.04) ? null : SALUTATIONS[language][gender]);
    out.firstName.push(first);
    out.lastName.push(last);
    const street = rng.pick(STREETS[language]);
    const house = rng.int(1, language === 'de' ? 120 : 240);
    const suffix = language === 'de' && rng.chance(0.08) ? rng.pick(['a', 'b', 'c']) : '';
    out.street.push(rng.chance(0.03) ? null : language === 'de' ? `${street} ${house}${suffix}` : `${house} ${street}`);
    out.country.push(COUNTRY[language]);

    let email: string | null = null;
    if (!rng.chance(0.07)) {
      const f = mailPart(first);
      const l = mailPart(last);
      const year = customers.birthYear[i];
      const local = rng.weighted<string>([
        [`${f}.${l}`, 5],
        [`${f}${l}`, 2],
        [`${f[0]}.${l}`, 2],
        [`${f}_${l}`, 1],
        [`${f}.${l}${year ? String(year).slice(2) : rng.int(1, 99)}`, 2],
        [`${l}.${f}`, 1],
      ]);
      const domain = rng.weighted(MAIL_PROVIDERS[language]);
      email = `${local}@${domain}`;
      for (let k = 2; taken.has(email); k++) email = `${local}${k}@${domain}`;
      taken.add(email);
    }
    out.email.push(email);
    out.email2.push(email && rng.chance(0.08) ? `${mailPart(first)}.${mailPart(last)}@${rng.pick(WORK_DOMAINS[language])}` : null);
    const hasPhone = rng.chance(0.7);
    const mobileFirst = rng.chance(0.65);
    const city = customers.city[i];
    out.phone1.push(hasPhone ? (mobileFirst ? mobileNumber(language, next) : landlineNumber(language, city, next)) : null);
    out.phone2.push(hasPhone && rng.chance(0.2) ? (mobileFirst ? landlineNumber(language, city, next) : mobileNumber(language, next)) : null);
    out.adsOptOut.push(rng.chance(0.15));
  }
  return out;
}

/**
 * CRM properties that follow what the customer did: the subscription tier from their
 * subscription purchases, the favourite genre from the categories they bought most, the newsletter
 * answer agreeing with the advertising opt-out, the member year from the sign-up. Not every
 * customer has every property, and a customer who never bought has at most a newsletter answer.
 */
export function planProperties(
  rng: Rng,
  language: Language,
  customers: PlannedCustomers,
  profiles: PlannedProfiles,
  events: PlannedEvent[],
  sales: PlannedSales,
): PlannedProperties {
  const n = customers.externalId.length;
  const words = PROPERTY_WORDS[language];
  const categories = Object.keys(words.categories);
  const catIndex = new Map(categories.map((c, i) => [c, i]));
  const byCategory = new Int32Array(n * categories.length);
  const subscriptions = new Int32Array(n);
  const purchases = new Int32Array(n);
  for (let s = 0; s < sales.event.length; s++) {
    const c = sales.customer[s];
    if (c < 0) continue;
    purchases[c]++;
    if (sales.ticketType[s] === 'subscription') subscriptions[c]++;
    const k = catIndex.get(events[sales.event[s]].category);
    if (k !== undefined) byCategory[c * categories.length + k] += sales.quantity[s];
  }
  const out: PlannedProperties = { customer: [], label: [], content: [] };
  const add = (c: number, label: string, content: string) => {
    out.customer.push(c);
    out.label.push(label);
    out.content.push(content);
  };
  for (let c = 0; c < n; c++) {
    const bought = purchases[c] > 0;
    const subs = subscriptions[c];
    if (subs > 0 || (bought && rng.chance(0.5))) {
      const tier = subs >= 6 ? words.tiers.gold : subs >= 3 ? words.tiers.silver : subs >= 1 ? words.tiers.bronze : words.tiers.none;
      add(c, words.subscription, tier);
    }
    if (rng.chance(bought ? 0.7 : 0.3)) add(c, words.newsletter, !profiles.adsOptOut[c] && rng.chance(0.8) ? words.yes : words.no);
    if (bought && rng.chance(0.55)) add(c, words.memberSince, String(new Date(customers.createdAtMs[c]).getUTCFullYear()));
    if (purchases[c] >= 2 && rng.chance(0.75)) {
      let best = -1;
      let most = 0;
      for (let k = 0; k < categories.length; k++) {
        const q = byCategory[c * categories.length + k];
        if (q > most) [best, most] = [k, q];
      }
      if (best >= 0) add(c, words.favourite, words.categories[categories[best]]);
    }
  }
  return out;
}

export function planSaleDetails(
  rng: Rng,
  partnerId: number,
  language: Language,
  events: PlannedEvent[],
  halls: PlannedHall[],
  sales: PlannedSales,
): PlannedSaleDetails {
  const total = sales.event.length;
  const out: PlannedSaleDetails = { invoiceId: [], paymentMethod: [], seatId: [], groundPriceMinor: [], discountMinor: [] };
  const prefix = language === 'de' ? `RE-${partnerId}-` : `INV-${partnerId}-`;
  const payments = PAYMENT_METHODS[language];
  // The customer's open order: sales are in sold_at order, so a later sale of the same customer
  // within SAME_ORDER_MS joins the order (same invoice, same payment). Typed arrays by customer
  // rather than a Map of objects: a bench plan has a million sales.
  const customers = sales.customer.reduce((m, c) => Math.max(m, c + 1), 0);
  const lastAt = new Float64Array(customers).fill(-Infinity);
  const lastInvoice: string[] = new Array(customers);
  const lastPayment: string[] = new Array(customers);
  let invoices = 0;
  for (let s = 0; s < total; s++) {
    const customer = sales.customer[s];
    const type = sales.ticketType[s];
    if (sales.source[s] === 'manual' || customer < 0) {
      // Weekly totals typed in by the organiser: no order behind them.
      out.invoiceId.push(null);
      out.paymentMethod.push(null);
      out.seatId.push(null);
      out.groundPriceMinor.push(null);
      out.discountMinor.push(null);
      continue;
    }
    const at = sales.soldAtMs[s];
    if (at - lastAt[customer] > SAME_ORDER_MS) {
      lastInvoice[customer] = `${prefix}${String(++invoices).padStart(7, '0')}`;
      lastPayment[customer] = rng.weighted(type === 'subscription' ? payments.subscription : payments.any);
    }
    lastAt[customer] = at;
    out.invoiceId.push(lastInvoice[customer]);
    // Free and reserved tickets are not paid (yet).
    out.paymentMethod.push(type === 'free' || type === 'reserved' ? null : lastPayment[customer]);

    const event = events[sales.event[s]];
    const hall = event.hallIdx === null ? null : halls[event.hallIdx];
    if (hall && SEATED.has(hall.kind)) {
      const row = rng.int(1, hall.capacity > 1000 ? 32 : hall.capacity > 400 ? 22 : 12);
      const first = rng.int(1, 30);
      const q = sales.quantity[s];
      out.seatId.push(
        language === 'de'
          ? `Reihe ${row}, Platz ${q > 1 ? `${first}–${first + q - 1}` : first}`
          : `Row ${row}, ${q > 1 ? `Seats ${first}–${first + q - 1}` : `Seat ${first}`}`,
      );
    } else out.seatId.push(null);

    const factor = DISCOUNT_FACTOR[type];
    if (factor && sales.amountMinor[s] > 0) {
      // The full price of the same seats, on the box office's 50-cent steps.
      const unit = sales.amountMinor[s] / sales.quantity[s];
      const ground = Math.max(sales.amountMinor[s], Math.round(unit / factor / 50) * 50 * sales.quantity[s]);
      out.groundPriceMinor.push(ground);
      out.discountMinor.push(ground - sales.amountMinor[s]);
    } else {
      out.groundPriceMinor.push(null);
      out.discountMinor.push(null);
    }
  }
  return out;
}

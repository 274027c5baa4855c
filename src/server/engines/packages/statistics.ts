// spec 3 §3 "Variation" statistics over the counted purchases of a variation's customers:
//  - median_basket_size: tickets per purchase, median over the purchases;
//  - median_ticket_price: price per ticket (amount ÷ tickets) of a purchase, median over the purchases;
//  - median_days_upfront: days from a purchase to its event's start, median over the purchases;
//  - median_num_events_per_year: per customer, distinct events bought ÷ years since their first
//    counted purchase (at least one year, so a newcomer's two tickets last month are not "24 a
//    year"), median over the customers.
// Purchase-level medians weigh a customer by how much they buy, as a box office sees its sales;
// the frequency is a trait of a customer, so each counts once there.
import type { History } from './history';
import { median } from './median';
import { DAY_MS, YEAR_MS } from './types';

export interface VariationStatistics {
  median_basket_size: number | null;
  median_ticket_price: number | null;
  median_num_events_per_year: number | null;
  median_days_upfront: number | null;
}

const round = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

export function variationStatistics(history: History, customers: readonly number[], pastStartMs: Float64Array, nowMs: number): VariationStatistics {
  const { offsets, tickets, amount, soldAtMs, event, distinctOffsets } = history;
  let purchases = 0;
  for (const i of customers) purchases += offsets[i + 1] - offsets[i];
  const basket = new Float64Array(purchases);
  const price = new Float64Array(purchases);
  const upfront = new Float64Array(purchases);
  const perYear = new Float64Array(customers.length);
  let at = 0;
  customers.forEach((i, k) => {
    let first = Infinity;
    for (let r = offsets[i]; r < offsets[i + 1]; r++, at++) {
      basket[at] = tickets[r];
      price[at] = amount[r] / tickets[r];
      upfront[at] = (pastStartMs[event[r]] - soldAtMs[r]) / DAY_MS;
      if (soldAtMs[r] < first) first = soldAtMs[r];
    }
    const years = Math.max(1, (nowMs - first) / YEAR_MS);
    perYear[k] = (distinctOffsets[i + 1] - distinctOffsets[i]) / years;
  });
  return {
    median_basket_size: round(median(basket), 2),
    median_ticket_price: round(median(price), 2),
    median_num_events_per_year: round(median(perYear), 2),
    median_days_upfront: round(median(upfront), 1),
  };
}

// What the results screens read from a variation (spec 3 §3 Variation): its top events in order and
// its four medians as label and shown value.
import type { TopEvent, Variation } from '../../../lib/contracts/packages';
import type { TinyT } from '../../../lib/i18n/tiny';
import { topEvents } from '../../../lib/packages/rules';
import { formatMoney, formatNumber } from '../format';

export const variationTopEvents = (v: Variation): TopEvent[] => topEvents<TopEvent>(v as unknown as Record<string, unknown>);

export function medians(v: Variation, t: TinyT, currency: string, language: string): { key: string; label: string; value: string }[] {
  const none = t('packages.results.medians.none');
  const num = (x: number | null, digits: number) => (x === null ? none : formatNumber(x, language, digits));
  return [
    {
      key: 'ticketPrice',
      label: t('packages.results.medians.ticketPrice'),
      value: v.median_ticket_price === null ? none : formatMoney(v.median_ticket_price, currency, language),
    },
    {
      key: 'basket',
      label: t('packages.results.medians.basket'),
      value: num(v.median_basket_size, 1),
    },
    {
      key: 'eventsPerYear',
      label: t('packages.results.medians.eventsPerYear'),
      value: num(v.median_num_events_per_year, 1),
    },
    {
      key: 'daysUpfront',
      label: t('packages.results.medians.daysUpfront'),
      value: num(v.median_days_upfront, 0),
    },
  ];
}

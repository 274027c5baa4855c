// spec 3 §2 customer detail stats: total events, total tickets, total revenue.
import type { CustomerSalesSummary } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import { formatAmount, formatCount } from './format';
import styles from './CustomerDetail.module.css';

export function CustomerStats({ sales }: { sales: CustomerSalesSummary }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.language;
  const g = sales.global_revenue;
  const stats = [
    { key: 'events', value: formatCount(g.total_events, lng) },
    { key: 'tickets', value: formatCount(g.total_tickets, lng) },
    { key: 'revenue', value: formatAmount(g.total_purchase_value, sales.currency, lng) },
  ];
  return (
    <dl className={styles.stats}>
      {stats.map((s) => (
        <div key={s.key} className={styles.stat} data-stat={s.key}>
          <dt>{t(`customer.stats.${s.key}`)}</dt>
          <dd>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

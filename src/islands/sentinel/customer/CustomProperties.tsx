// spec 3 §2: the customer's custom properties (label and content), shown only when there are any.
import type { CustomerDetail } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import styles from './CustomerDetail.module.css';

export function CustomProperties({ properties }: { properties: CustomerDetail['custom_properties'] }) {
  const { t } = useTranslation();
  if (properties.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="customer-properties-title">
      <h3 className={styles.cardTitle} id="customer-properties-title">
        {t('customer.properties.title')}
      </h3>
      <dl className={styles.properties}>
        {properties.map((p, i) => (
          <div key={`${p.label}-${i}`} className={styles.propertyRow}>
            <dt>{p.label}</dt>
            <dd>{p.content}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

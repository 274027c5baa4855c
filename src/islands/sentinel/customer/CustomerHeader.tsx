// spec 3 §2 customer detail header: full name, salutation, city, email and the first purchase.
import type { CustomerDetail } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatDay, fullName, initials } from './format';
import styles from './CustomerDetail.module.css';

export function CustomerHeader({ customer, firstPurchase }: { customer: CustomerDetail; firstPurchase: string | null }) {
  const { t } = useTranslation();
  const name = fullName(customer) ?? t('customer.header.unnamed', { id: customer.id });
  return (
    <header className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(customer)}
      </span>
      <div className={styles.headerText}>
        <h2 id="customer-detail-title" className={styles.name}>
          {name}
        </h2>
        <p className={styles.meta}>
          {customer.salutation && <span data-testid="customer-salutation">{customer.salutation}</span>}
          {customer.city && (
            <span className={styles.metaItem}>
              <Icon name="mapPin" size={15} />
              {customer.city}
            </span>
          )}
          {customer.email && (
            <a className={styles.metaItem} href={`mailto:${customer.email}`}>
              <Icon name="mail" size={15} />
              {customer.email}
            </a>
          )}
        </p>
        <p className={styles.since} data-testid="customer-first-purchase">
          {firstPurchase ? t('customer.header.firstPurchase', { date: formatDay(firstPurchase) }) : t('customer.header.noPurchase')}
        </p>
      </div>
    </header>
  );
}

// spec 3 §2 customer detail header: full name, salutation, city, email and the first purchase.
import type { CustomerDetail } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { formatDay, fullName, initials } from './format';
import styles from './CustomerDetail.module.css';

/** On its own page the name is the page's heading (h1); in the drawer it heads a dialog (h2). */
export function CustomerHeader({ customer, firstPurchase, level = 2 }: { customer: CustomerDetail; firstPurchase: string | null; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const Heading = level === 1 ? 'h1' : 'h2';
  const name = fullName(customer) ?? t('customer.header.unnamed', { id: customer.id });
  return (
    <header className={styles.header}>
      <span className={styles.avatar} aria-hidden="true">
        {initials(customer)}
      </span>
      <div className={styles.headerText}>
        <Heading id="customer-detail-title" className={styles.name}>
          {name}
        </Heading>
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

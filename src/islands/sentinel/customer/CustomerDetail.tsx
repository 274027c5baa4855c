// The customer detail of Sentinel (spec 3 §2 "Customer detail"): one component for the drawer on
// wide screens and the result page below 991 px. A failure shows the error inline in the danger
// style and no detail (spec 3 §8).
import type { ApiError } from '../../../lib/api/client';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { CustomerHeader } from './CustomerHeader';
import { CustomerProfile } from './CustomerProfile';
import { CustomerStats } from './CustomerStats';
import { CustomProperties } from './CustomProperties';
import { VisitedEvents } from './VisitedEvents';
import { useCustomer, type CustomerData } from './useCustomer';
import styles from './CustomerDetail.module.css';

export interface CustomerDetailProps {
  customerId: string;
  variant: 'drawer' | 'page';
  /** The profile and sales the server already read (the page renders them without a round trip). */
  initial?: CustomerData;
  /** The error code the server met reading them (the page shows it without a round trip). */
  initialErrorCode?: string;
}

/** spec 3 §8: a server code starting 'error.' maps to common.serverErrors.{code}, else the default. */
export function errorMessage(t: (key: string) => string, error: Pick<ApiError, 'i18nKey'>): string {
  const key = error.i18nKey;
  const text = t(key);
  return text === key ? t('common.errors.inServerResponse') : text;
}

function Loading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <span className={styles.boneTitle} />
      <span className={styles.bone} />
      <span className={styles.boneStats} />
      <span className={styles.boneCard} />
    </div>
  );
}

function Detail({ customerId, variant, initial, initialErrorCode }: CustomerDetailProps) {
  const { t } = useTranslation();
  const load = useCustomer(customerId, initial, Boolean(initialErrorCode));
  if (initialErrorCode || load.status === 'error') {
    const code = initialErrorCode ?? (load.status === 'error' ? load.error.code : '');
    const i18nKey = load.status === 'error' && !initialErrorCode ? load.error.i18nKey : code.startsWith('error.') ? `common.serverErrors.${code}` : 'common.errors.inServerResponse';
    return (
      <p className={`alert alert--error ${styles.error}`} role="alert" data-testid="customer-error">
        {errorMessage(t, { i18nKey })}
      </p>
    );
  }
  if (load.status === 'loading') return <Loading />;
  const { customer, sales } = load.data;
  return (
    <article className={styles.root} data-variant={variant} aria-labelledby="customer-detail-title" data-customer-id={customer.id}>
      <CustomerHeader customer={customer} firstPurchase={sales.oldest_ticket.ticket_date} level={variant === 'page' ? 1 : 2} />
      <CustomerStats sales={sales} />
      <CustomerProfile customer={customer} />
      <VisitedEvents sales={sales} />
      <CustomProperties properties={customer.custom_properties} />
    </article>
  );
}

/** Inside an island that already provides the translations (the Sentinel page's drawer). */
export function CustomerDetail(props: CustomerDetailProps) {
  return <Detail key={props.customerId} {...props} />;
}

/** The result page's island: brings its own translations. */
export default function CustomerDetailIsland(props: CustomerDetailProps & { i18n: IslandI18n }) {
  return (
    <I18nIsland i18n={props.i18n}>
      <CustomerDetail {...props} />
    </I18nIsland>
  );
}

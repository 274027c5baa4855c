// spec 3 §2 collapsible profile: id, address (street, zip, city), emails as mailto links, phones
// and the ads opt-out, each value with its copy button. A value the partner does not have shows a
// dash and nothing to copy.
import { useId, useState, type ReactNode } from 'react';
import type { CustomerDetail } from '../../../lib/contracts/nlq';
import { useTranslation } from '../../../lib/i18n/react';
import { valueName } from '../../../lib/sentinel/columns';
import { Icon } from '../../ui/Icon';
import { CopyButton } from './CopyButton';
import { addressLines } from './format';
import styles from './CustomerDetail.module.css';

interface Row {
  key: string;
  /** What the copy button copies; null: nothing to show. */
  text: string | null;
  display?: ReactNode;
}

function ProfileRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const label = t(`customer.profile.${row.key}`);
  return (
    <div className={styles.profileRow} data-field={row.key}>
      <dt>{label}</dt>
      <dd>
        {row.text === null ? (
          <span className={styles.missing}>–</span>
        ) : (
          <>
            <span className={styles.value}>{row.display ?? row.text}</span>
            <CopyButton value={row.text} label={label} />
          </>
        )}
      </dd>
    </div>
  );
}

const mail = (address: string | null) => (address ? <a href={`mailto:${address}`}>{address}</a> : undefined);

export function CustomerProfile({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const address = addressLines(customer);
  const rows: Row[] = [
    { key: 'id', text: customer.id },
    { key: 'address', text: address.length ? address.join(', ') : null, display: address.map((line) => <span key={line} className={styles.line}>{line}</span>) },
    { key: 'email', text: customer.email, display: mail(customer.email) },
    { key: 'email2', text: customer.email_2, display: mail(customer.email_2) },
    { key: 'phone1', text: customer.phone1 },
    { key: 'phone2', text: customer.phone2 },
    // Yes/no in the words of the results grid and the export (one vocabulary, issue 20 §3).
    { key: 'adsOptOut', text: valueName('boolean', customer.ads_opt_out, t) ?? '' },
  ];
  return (
    <section className={styles.card} aria-labelledby="customer-profile-title">
      <h3 className={styles.cardTitle} id="customer-profile-title">
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen((o) => !o)}>
          <span>{t('customer.profile.title')}</span>
          <Icon name={open ? 'arrowUp' : 'arrowDown'} size={16} />
        </button>
      </h3>
      <dl id={bodyId} className={styles.profile} hidden={!open}>
        {rows.map((row) => (
          <ProfileRow key={row.key} row={row} />
        ))}
      </dl>
    </section>
  );
}

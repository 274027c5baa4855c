// The copy button beside each profile value (spec 3 §2): an icon button named for screen readers,
// showing a copied confirmation for 2 s (announced through a live region).
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { useCopy } from './useCopy';
import styles from './CustomerDetail.module.css';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const { copied, failed, copy } = useCopy();
  return (
    <span className={styles.copy}>
      <button type="button" className={styles.copyButton} aria-label={t('customer.copy.label', { field: label })} onClick={() => copy(value)} data-copied={copied || undefined}>
        <Icon name={copied ? 'check' : 'copy'} size={16} />
      </button>
      <span className={copied ? styles.copied : failed ? styles.copyFailed : 'visually-hidden'} role="status">
        {copied ? t('customer.copy.copied') : failed ? t('customer.copy.failed') : ''}
      </span>
    </span>
  );
}

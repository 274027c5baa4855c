// The customer drawer of the Sentinel page (spec 3 §2): a panel on the right opened from the URL
// /sentinel/?drawer-open=true&result-id={id} on wide screens. It traps focus, closes with Escape,
// a click outside or its close button (radix Dialog) and calls onClose; the page owns the URL.
// The Sentinel page mounts it only while a customer is open and provides the translations of
// CUSTOMER_DETAIL_I18N (or passes them as `i18n`).
import { Dialog } from 'radix-ui';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { useBodyScrollLock } from '../../ui/Modal';
import { CustomerDetail } from './CustomerDetail';
import styles from './CustomerDrawer.module.css';

export interface CustomerDrawerProps {
  customerId: string;
  onClose: () => void;
  /** The detail's translations when the surrounding island does not provide them. */
  i18n?: IslandI18n;
}

function Drawer({ customerId, onClose }: CustomerDrawerProps) {
  const { t } = useTranslation();
  useBodyScrollLock(true);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element the CSP refuses (see ui/Modal). */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined} data-testid="customer-drawer">
          <div className={styles.bar}>
            <Dialog.Title className="visually-hidden">{t('customer.drawerTitle')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('customer.close')}>
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <div className={styles.body}>
            <ErrorBoundary key={customerId}>
              <CustomerDetail customerId={customerId} variant="drawer" />
            </ErrorBoundary>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export function CustomerDrawer(props: CustomerDrawerProps) {
  return props.i18n ? (
    <I18nIsland i18n={props.i18n}>
      <Drawer {...props} />
    </I18nIsland>
  ) : (
    <Drawer {...props} />
  );
}

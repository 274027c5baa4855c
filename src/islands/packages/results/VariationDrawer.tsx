// The variation drawer on wide screens (spec 3 §2 "side drawer"; route /package-builder/results/
// {id}/{slug}): a panel on the right that traps focus and closes with Escape, a click outside or its
// close button; the focus then goes back to what opened it. The page owns the URL.
import type { ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import type { Package, Variation } from '../../../lib/contracts/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { useBodyScrollLock, useReturnFocus } from '../../ui/Modal';
import { VariationDetail } from './VariationDetail';
import styles from './Results.module.css';

export function VariationDrawer({
  pkg,
  variation,
  currency,
  onClose,
  crm,
}: {
  pkg: Package;
  variation: Variation;
  currency: string;
  onClose(): void;
  crm?: (name: string, nameProblem: boolean) => ReactNode;
}) {
  const { t } = useTranslation();
  useBodyScrollLock(true);
  const returnFocus = useReturnFocus(true);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element the CSP refuses (see ui/Modal). */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content className={styles.drawer} aria-describedby={undefined} onCloseAutoFocus={returnFocus} data-testid="variation-drawer">
          <div className={styles.drawerBar}>
            <Dialog.Close className={styles.drawerClose} aria-label={t('packages.variation.close')}>
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <div className={styles.drawerBody}>
            <VariationDetail
              pkg={pkg}
              variation={variation}
              currency={currency}
              variant="drawer"
              heading={<Dialog.Title className={styles.detailTitle}>{variation.title}</Dialog.Title>}
              crm={crm}
            />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// The drawer form of a notification (spec 1 §2.6): radix Dialog content on the right, focus
// trapped, Escape and the close button close it. No Dialog.Overlay (its scroll lock injects a
// <style> element the CSP refuses; see ui/Modal).
import { Dialog } from 'radix-ui';
import type { NotificationItem } from '../../lib/contracts/notifications';
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { useBodyScrollLock } from '../ui/Modal';
import { NotificationView } from './NotificationView';
import styles from './Notifications.module.css';

export function NotificationDrawer({ id, onClose, onLoaded }: { id: string | null; onClose: () => void; onLoaded: (item: NotificationItem, wasUnread: boolean) => void }) {
  const { t } = useTranslation();
  const open = id !== null;
  useBodyScrollLock(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        {open && <div className={styles.overlay} aria-hidden="true" />}
        <Dialog.Content className={styles.drawer} aria-describedby={undefined} data-testid="notification-drawer">
          <div className={styles.drawerBar}>
            <Dialog.Title className={styles.drawerTitle}>{t('notifications.drawerTitle')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('notifications.closeDrawer')}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          <div className={styles.drawerBody}>{id && <NotificationView id={id} onLoaded={onLoaded} />}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

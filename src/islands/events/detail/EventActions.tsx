// spec 1 §2.10 / spec 3 "Event drawer" actions menu: edit; add sales (manual upload, file upload);
// then, unless the event is hidden, the flagged switch, a separator and the danger archive item
// whose confirmation names the event. Status changes go through setFrontendStatus (spec 1 §4.3).
import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../../lib/i18n/react';
import type { EventItem, FrontendStatus } from '../../../lib/contracts/events';
import { setFrontendStatus } from '../../../lib/api/events';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { editHref, mobileUpdateSalesHref, withUpdateSales, type UpdateSalesMode } from './navigation';
import styles from './EventDetail.module.css';

interface Props {
  event: EventItem;
  status: FrontendStatus;
  variant: 'drawer' | 'page';
  canSales: boolean;
  canSimulation: boolean;
  /** The campaigns permission (wave): only then is a status change mirrored to the campaign-side service. */
  canCampaigns: boolean;
  /** Called with the new status once the server accepted it. */
  onStatusChanged: (status: FrontendStatus) => void;
  onStatusFailed: () => void;
}

/** Where the archive returns to: the bare list path, without the drawer's parameters (spec 1 §4.3). */
export const ARCHIVE_RETURN_PATH = '/events';

export function EventActions({ event, status, variant, canSales, canSimulation, canCampaigns, onStatusChanged, onStatusFailed }: Props) {
  const { t } = useTranslation();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const hidden = status === 'HIDDEN';
  const flagged = status === 'FLAGGED';

  const change = async (next: FrontendStatus): Promise<boolean> => {
    setBusy(true);
    try {
      await setFrontendStatus(event.id, next, { canCampaigns });
      onStatusChanged(next);
      return true;
    } catch (err) {
      console.error('Status change failed', err);
      onStatusFailed();
      return false;
    } finally {
      setBusy(false);
    }
  };

  const openSales = (mode: UpdateSalesMode) => {
    if (variant === 'page') {
      window.location.assign(mobileUpdateSalesHref(event.id, mode));
      return;
    }
    // The drawer's container reads update-sales from the URL; popstate tells it the URL changed.
    // Marked, so closing the panel can go Back over this entry instead of adding another one.
    history.pushState({ ...(history.state as object), salesPanel: true }, '', withUpdateSales(location.pathname + location.search, mode));
    window.dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  };

  const archive = async () => {
    if (await change('HIDDEN')) {
      setConfirmOpen(false);
      window.location.assign(ARCHIVE_RETURN_PATH);
    }
  };

  const notAllowed = t('common.notAuthorizedAction');
  const salesItems = (['SALESSUMMARY', 'DOCUMENTUPLOAD'] as const).map((mode) => (
    <DropdownMenu.Item
      key={mode}
      className={variant === 'drawer' ? styles.menuItem : `${styles.menuItem} ${styles.menuIndented}`}
      disabled={!canSales}
      onSelect={() => openSales(mode)}
    >
      {t(mode === 'SALESSUMMARY' ? 'event.actions.manualUpload' : 'event.actions.fileUpload')}
    </DropdownMenu.Item>
  ));
  return (
    <>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <button type="button" className={styles.menuTrigger} aria-label={t('event.actions.menu')}>
            <Icon name="more" size={20} />
          </button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={8}>
            <DropdownMenu.Item
              className={styles.menuItem}
              disabled={!canSimulation}
              title={canSimulation ? undefined : notAllowed}
              onSelect={() => window.location.assign(editHref(event))}
            >
              <Icon name="edit" size={16} className={styles.menuIcon} />
              {t('event.actions.edit')}
            </DropdownMenu.Item>
            {variant === 'drawer' ? (
              <DropdownMenu.Sub>
                <DropdownMenu.SubTrigger className={styles.menuItem} disabled={!canSales} title={canSales ? undefined : notAllowed}>
                  <Icon name="upload" size={16} className={styles.menuIcon} />
                  {t('event.actions.addSales')}
                  <Icon name="chevronRight" size={16} className={styles.menuChevron} />
                </DropdownMenu.SubTrigger>
                <DropdownMenu.Portal>
                  <DropdownMenu.SubContent className={styles.menu} sideOffset={4} collisionPadding={8}>
                    {salesItems}
                  </DropdownMenu.SubContent>
                </DropdownMenu.Portal>
              </DropdownMenu.Sub>
            ) : (
              // A phone has no room beside the menu for a submenu: the two entries sit under a label.
              <DropdownMenu.Group aria-labelledby="add-sales-label">
                <DropdownMenu.Label id="add-sales-label" className={styles.menuLabel}>
                  <Icon name="upload" size={16} className={styles.menuIcon} />
                  {t('event.actions.addSales')}
                </DropdownMenu.Label>
                {salesItems}
              </DropdownMenu.Group>
            )}
            {!hidden && (
              <>
                <DropdownMenu.CheckboxItem
                  className={styles.menuItem}
                  checked={flagged}
                  disabled={busy}
                  onSelect={(e) => {
                    // Stay open: the switch shows its new position where it was pressed.
                    e.preventDefault();
                    void change(flagged ? 'DEFAULT' : 'FLAGGED');
                  }}
                >
                  <Icon name="flag" size={16} className={styles.menuIcon} />
                  {t('event.actions.flagged')}
                  <span className={styles.switch} data-checked={flagged || undefined} aria-hidden="true">
                    <span className={styles.switchThumb} />
                  </span>
                </DropdownMenu.CheckboxItem>
                <DropdownMenu.Separator className={styles.menuSeparator} />
                <DropdownMenu.Item className={`${styles.menuItem} ${styles.menuDanger}`} onSelect={() => setConfirmOpen(true)}>
                  <Icon name="archive" size={16} className={styles.menuIcon} />
                  {t('event.actions.archive')}
                </DropdownMenu.Item>
              </>
            )}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Modal
        open={confirmOpen}
        onOpenChange={(open) => !busy && setConfirmOpen(open)}
        title={t('event.archive.title')}
        description={t('event.archive.message', { title: event.title })}
        closeLabel={t('common.close')}
      >
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setConfirmOpen(false)} disabled={busy}>
            {t('event.archive.cancel')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void archive()}>
            {t('event.archive.confirm')}
          </Button>
        </div>
      </Modal>
    </>
  );
}

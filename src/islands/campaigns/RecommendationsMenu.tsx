// spec 2 §2 Event header dots menu on the campaigns side: the campaign's status and optimisation
// switches (spec 2 §4 "Campaign status": pausing or resuming asks for confirmation first), edit
// the event (campaign-side edit for products), regenerate the taste clusters, and the event's
// details on the events side.
import { useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { EventItem } from '../../lib/contracts/events';
import { switchedTo } from '../../lib/campaigns/campaign-status-rules';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import { Modal } from '../ui/Modal';
import { useCampaignStatus } from './useCampaignStatus';
import { drawerHref, editHref, eventPageHref, isWide } from '../events/detail/navigation';
import detailStyles from '../events/detail/EventDetail.module.css';

export function RecommendationsMenu({
  event,
  canEdit,
  lookout,
  onRegenerate,
  onCampaignChanged,
}: {
  event: EventItem;
  canEdit: boolean;
  lookout: boolean;
  onRegenerate: () => void;
  /** A status or optimisation change was applied (or failed): the screen reads the campaign again. */
  onCampaignChanged: () => void;
}) {
  const { t } = useTranslation();
  const status = useCampaignStatus(event, onCampaignChanged);
  // The status the confirmation asks for (spec 2 §4: the toggle follows a confirmation).
  const [confirm, setConfirm] = useState<'ACTIVE' | 'PAUSED' | null>(null);
  const confirmKey = confirm === 'PAUSED' ? 'pause' : 'resume';
  return (
    <>
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={detailStyles.menuTrigger} aria-label={t('event.actions.menu')} data-testid="recommendations-menu">
          <Icon name="more" size={20} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={detailStyles.menu} align="end" sideOffset={6} collisionPadding={8}>
          {status.shown && (
            <>
              <DropdownMenu.CheckboxItem
                className={detailStyles.menuItem}
                checked={status.active}
                disabled={!status.enabled}
                title={status.disabledHint}
                data-testid="campaign-status-switch"
                data-label={status.label}
                onSelect={() => setConfirm(switchedTo(!status.active))}
              >
                <Icon name="megaphone" size={16} className={detailStyles.menuIcon} />
                {t(`campaigns.status.label.${status.label}`)}
                <span className={detailStyles.switch} data-checked={status.active || undefined} aria-hidden="true">
                  <span className={detailStyles.switchThumb} />
                </span>
              </DropdownMenu.CheckboxItem>
              {status.optimisationShown && (
                <DropdownMenu.CheckboxItem
                  className={detailStyles.menuItem}
                  checked={status.optimisationOn}
                  data-testid="campaign-optimisation-switch"
                  // The menu closes (focus back on its trigger): while the change runs this item
                  // is gone (spec 2 §4), and the toast tells when it is done.
                  onSelect={() => void status.setOptimisation(switchedTo(!status.optimisationOn))}
                >
                  <Icon name="user" size={16} className={detailStyles.menuIcon} />
                  {t(status.optimisationOn ? 'campaigns.status.optimisation.on' : 'campaigns.status.optimisation.off')}
                  <span className={detailStyles.switch} data-checked={status.optimisationOn || undefined} aria-hidden="true">
                    <span className={detailStyles.switchThumb} />
                  </span>
                </DropdownMenu.CheckboxItem>
              )}
              <DropdownMenu.Separator className={detailStyles.menuSeparator} />
            </>
          )}
          <DropdownMenu.Item className={detailStyles.menuItem} onSelect={onRegenerate}>
            <Icon name="sparkle" size={16} className={detailStyles.menuIcon} />
            {t('campaigns.itc.regenerate')}
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={detailStyles.menuItem}
            disabled={!canEdit}
            title={canEdit ? undefined : t('common.notAuthorizedAction')}
            // spec 3 "Routes": from=wave tells the editor it was opened from the campaigns side.
            onSelect={() => window.location.assign(`${editHref(event)}?from=wave`)}
          >
            <Icon name="edit" size={16} className={detailStyles.menuIcon} />
            {t('event.actions.edit')}
          </DropdownMenu.Item>
          {lookout && event.category !== 'product' && (
            <>
              <DropdownMenu.Separator className={detailStyles.menuSeparator} />
              {/* The width is read when chosen (the menu also renders on the server). */}
              <DropdownMenu.Item className={detailStyles.menuItem} onSelect={() => window.location.assign(isWide() ? drawerHref(event.id) : eventPageHref(event.id))}>
                <Icon name="chart" size={16} className={detailStyles.menuIcon} />
                {t('campaigns.menu.eventDetails')}
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
    <Modal
      open={confirm !== null}
      onOpenChange={(open) => !open && !status.busy && setConfirm(null)}
      title={t(`campaigns.status.confirm.${confirmKey}.title`)}
      description={t(`campaigns.status.confirm.${confirmKey}.message`, { title: event.title })}
      closeLabel={t('common.close')}
    >
      <div className={detailStyles.dialogActions} data-testid="campaign-status-confirm">
        <Button variant="secondary" onClick={() => setConfirm(null)} disabled={status.busy}>
          {t('campaigns.status.confirm.cancel')}
        </Button>
        <Button
          variant={confirm === 'PAUSED' ? 'danger' : 'primary'}
          busy={status.busy}
          onClick={() => {
            if (confirm) void status.setStatus(confirm).then(() => setConfirm(null));
          }}
        >
          {t(`campaigns.status.confirm.${confirmKey}.confirm`)}
        </Button>
      </div>
    </Modal>
    </>
  );
}

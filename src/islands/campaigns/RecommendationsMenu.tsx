// spec 2 §2 Event header dots menu on the campaigns side: edit the event (campaign-side edit for
// products), regenerate the taste clusters, and the event's details on the events side.
import { DropdownMenu } from 'radix-ui';
import type { EventItem } from '../../lib/contracts/events';
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { drawerHref, editHref, eventPageHref, isWide } from '../events/detail/navigation';
import detailStyles from '../events/detail/EventDetail.module.css';

export function RecommendationsMenu({ event, canEdit, lookout, onRegenerate }: { event: EventItem; canEdit: boolean; lookout: boolean; onRegenerate: () => void }) {
  const { t } = useTranslation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button type="button" className={detailStyles.menuTrigger} aria-label={t('event.actions.menu')} data-testid="recommendations-menu">
          <Icon name="more" size={20} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={detailStyles.menu} align="end" sideOffset={6} collisionPadding={8}>
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
  );
}

// spec 3 "Events page actions": add one event (/simulation) or several (/add-multi-events);
// disabled without the simulation permission, with the spec 1 §6 hint. "Several events" exists
// only with the bulk-upload feature flag (spec 3 "Routes": the page is hidden without it), "one
// event" only with the event.simulation flag (the /simulation page redirects without it).
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../../lib/i18n/react';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import styles from './Toolbar.module.css';

export function AddEventMenu({ allowed, single = true, bulk = false }: { allowed: boolean; single?: boolean; bulk?: boolean }) {
  const { t } = useTranslation();
  if (!allowed || (!single && !bulk)) {
    return (
      <Button variant="primary" iconName="plus" disabled disabledHint={t('common.notAuthorizedAction')}>
        {t('events.actions.addEvent')}
      </Button>
    );
  }
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <Button variant="primary" iconName="plus">
          {t('events.actions.addEvent')}
          <Icon name="chevronUpDown" size={14} className={styles.menuChevron} />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={8}>
          {single && (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              <a href="/simulation">{t('events.actions.oneEvent')}</a>
            </DropdownMenu.Item>
          )}
          {bulk && (
            <DropdownMenu.Item asChild className={styles.menuItem}>
              <a href="/add-multi-events">{t('events.actions.severalEvents')}</a>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

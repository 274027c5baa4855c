// spec 3 §2 "Export results": CSV and Excel of the selected rows (none selected: the whole answer);
// customer results also list the CRM export (issue 23). It is enabled when the partner holds a
// secret of a supported CRM (spec 3 §6), and otherwise stays disabled with a hint that says where
// to add one. Choosing it opens the page's CRM export dialog once the menu has closed.
import { useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import type { ResultType } from '../../lib/contracts/nlq';
import { exportAnswer, type ExportFileType } from '../../lib/api/nlq';
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { Icon } from '../ui/Icon';
import styles from './TopBar.module.css';

export interface ExportTarget {
  nlqId: number;
  resultType: ResultType;
  selectedIds: string[];
}

export function ExportMenu({
  target,
  compact = false,
  onError,
  crmAvailable = false,
  onCrm,
}: {
  target: ExportTarget | null;
  compact?: boolean;
  onError: (key: string) => void;
  /** A supported CRM secret exists (GET /crm/supported answered at least one). */
  crmAvailable?: boolean;
  /** Opens the CRM export dialog; the trigger is where focus returns when it closes. */
  onCrm?: (trigger: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const crmChosen = useRef(false);
  const run = async (type: ExportFileType) => {
    if (!target) return;
    setBusy(true);
    try {
      await exportAnswer(target.nlqId, target.selectedIds, type);
    } catch {
      onError('sentinel.exportFailed');
    } finally {
      setBusy(false);
    }
  };
  const label = t('sentinel.exportResults');
  const crmEnabled = crmAvailable && Boolean(onCrm);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild disabled={!target}>
        <Button ref={trigger} variant="secondary" busy={busy} disabled={!target} aria-label={compact ? label : undefined} data-testid="sentinel-export" iconName="download">
          {compact ? null : label}
          {compact ? null : <Icon name="chevronUpDown" size={14} />}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles.menu}
          align="end"
          sideOffset={6}
          collisionPadding={8}
          onCloseAutoFocus={(e) => {
            // The dialog takes focus itself; the menu must not pull it back to the trigger.
            if (!crmChosen.current) return;
            crmChosen.current = false;
            e.preventDefault();
            onCrm?.(trigger.current);
          }}
        >
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void run('csv')}>
            {t('sentinel.exportCsv')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void run('xlsx')}>
            {t('sentinel.exportExcel')}
          </DropdownMenu.Item>
          {target?.resultType === 'customers' &&
            (crmEnabled ? (
              <DropdownMenu.Item className={styles.menuItem} onSelect={() => (crmChosen.current = true)} data-testid="sentinel-export-crm">
                {t('sentinel.exportCrm')}
              </DropdownMenu.Item>
            ) : (
              <DropdownMenu.Item className={styles.menuItem} disabled>
                <span>
                  {t('sentinel.exportCrm')}
                  <span className={styles.menuHint}>{t('sentinel.exportCrmHint')}</span>
                </span>
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

// spec 3 §2 "Export results": CSV and Excel of the selected rows (none selected: the whole answer);
// customer results also list the CRM export, which stays disabled with a hint until the user has
// a supported CRM among their secrets (spec 3 §6; the CRM secrets come with the packages issue).
import { useState } from 'react';
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

export function ExportMenu({ target, compact = false, onError }: { target: ExportTarget | null; compact?: boolean; onError: (key: string) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
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
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild disabled={!target}>
        <Button variant="secondary" busy={busy} disabled={!target} aria-label={compact ? label : undefined} data-testid="sentinel-export" iconName="download">
          {compact ? null : label}
          {compact ? null : <Icon name="chevronUpDown" size={14} />}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={6} collisionPadding={8}>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void run('csv')}>
            {t('sentinel.exportCsv')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={styles.menuItem} onSelect={() => void run('xlsx')}>
            {t('sentinel.exportExcel')}
          </DropdownMenu.Item>
          {target?.resultType === 'customers' && (
            <DropdownMenu.Item className={styles.menuItem} disabled>
              <span>
                {t('sentinel.exportCrm')}
                <span className={styles.menuHint}>{t('sentinel.exportCrmHint')}</span>
              </span>
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

// A package's status as a badge (spec 3 §4 "Package status"): colour and a word, never colour alone.
import type { PackageStatus } from '../../lib/contracts/packages';
import { useTranslation } from '../../lib/i18n/react';
import styles from './Packages.module.css';

export function StatusBadge({ status }: { status: PackageStatus }) {
  const { t } = useTranslation();
  return (
    <span className={styles.badge} data-status={status} data-testid="package-status">
      {t(`packages.status.${status}`)}
    </span>
  );
}

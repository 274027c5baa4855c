// A small visible badge on data that comes from the Meta sandbox (ARCHITECTURE §3 "No mocks in
// the product path": the UI says so). The text is the i18n key common.sandbox.
import { useTranslation } from '../../lib/i18n/react';
import styles from './SandboxBadge.module.css';

export function SandboxBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${className ?? ''}`} data-testid="sandbox-badge">
      {t('common.sandbox')}
    </span>
  );
}

// The "Sandbox" badge (issue 13): every screen fed by the Meta sandbox shows it, so nobody mistakes
// seeded assets or simulated results for their real Meta account. Usable from any island; outside
// an I18nIsland, or when the island did not receive the `common.sandbox` key, it still reads "Sandbox".
import { useTranslation } from '../../lib/i18n/react';
import styles from './SandboxBadge.module.css';

const KEY = 'common.sandbox';

export function SandboxBadge({ className, title }: { className?: string; title?: string } = {}) {
  const { t } = useTranslation();
  const label = t(KEY);
  const hint = t('common.sandboxHint');
  return (
    <span
      className={className ? `${styles.badge} ${className}` : styles.badge}
      data-testid="sandbox-badge"
      title={title ?? (hint === 'common.sandboxHint' ? undefined : hint)}
    >
      {label === KEY ? 'Sandbox' : label}
    </span>
  );
}

// spec 3 §2: the Sentinel title with its preview label, Export results and Saved questions, as two
// separate bars: a desktop bar, and a compact phone bar with icon buttons (their names stay for
// screen readers).
import { useTranslation } from '../../lib/i18n/react';
import { Button } from '../ui/Button';
import { ExportMenu, type ExportTarget } from './ExportMenu';
import styles from './TopBar.module.css';

export function TopBar({
  exportTarget,
  onOpenSaved,
  onPrefetchSaved,
  onError,
  crmAvailable = false,
  onCrm,
}: {
  exportTarget: ExportTarget | null;
  onOpenSaved: () => void;
  onPrefetchSaved: () => void;
  onError: (key: string) => void;
  /** Issue 23: a supported CRM secret exists, so customer answers can go to the CRM. */
  crmAvailable?: boolean;
  onCrm?: (trigger: HTMLElement | null) => void;
}) {
  const { t } = useTranslation();
  const title = (
    <>
      <h1 className={styles.title}>{t('sentinel.title')}</h1>
      <span className={styles.preview}>{t('sentinel.preview')}</span>
    </>
  );
  return (
    <>
      <div className={styles.desktop} data-testid="sentinel-topbar-desktop">
        <div className={styles.heading}>
          <div className={styles.titleRow}>{title}</div>
          <p className={styles.subtitle}>{t('sentinel.subtitle')}</p>
        </div>
        <div className={styles.actions}>
          <ExportMenu target={exportTarget} onError={onError} crmAvailable={crmAvailable} onCrm={onCrm} />
          <Button variant="secondary" iconName="inbox" onClick={onOpenSaved} onPointerEnter={onPrefetchSaved} onFocus={onPrefetchSaved}>
            {t('sentinel.savedQuestions')}
          </Button>
        </div>
      </div>
      <div className={styles.mobile} data-testid="sentinel-topbar-mobile">
        <div className={styles.titleRow}>{title}</div>
        <div className={styles.actions}>
          <ExportMenu target={exportTarget} compact onError={onError} crmAvailable={crmAvailable} onCrm={onCrm} />
          <Button variant="secondary" iconName="inbox" aria-label={t('sentinel.savedQuestions')} onClick={onOpenSaved} onTouchStart={onPrefetchSaved} />
        </div>
      </div>
    </>
  );
}

// The results page's non-result states (spec 3 §2 "Package results", §4 "Package status"): building
// (INITIALIZING, INPROGRESS; polled every 5 s; 10–15 minutes; Dashboard link to /package-builder),
// failed (the reason and Retry to /package-builder/create), and the expired warning with Regenerate
// and its confirmation, which returns to /package-builder.
import { useState } from 'react';
import type { Package } from '../../../lib/contracts/packages';
import { regeneratePackage } from '../../../lib/api/packages';
import { useTranslation } from '../../../lib/i18n/react';
import { Button, ButtonLink } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Modal } from '../../ui/Modal';
import { pastEvents } from '../../../lib/packages/rules';
import { errorText, formatClock, formatDay } from '../format';
import styles from './Results.module.css';

export function BuildingPanel({ pkg, checkedAt }: { pkg: Package; checkedAt: Date | null }) {
  const { t } = useTranslation();
  return (
    <section className={styles.statePanel} aria-labelledby="pkg-building-heading" data-testid="package-building">
      <span className={styles.stateSpinner} aria-hidden="true" />
      <h2 id="pkg-building-heading" className={styles.stateHeading}>
        {t('packages.results.building.heading')}
      </h2>
      <p role="status">{t(`packages.results.building.${pkg.status === 'inprogress' ? 'inprogress' : 'initializing'}`)}</p>
      <p className={styles.muted}>{t('packages.results.building.estimate')}</p>
      {checkedAt && (
        <p className={styles.muted}>
          {t('packages.results.building.checked', {
            time: formatClock(checkedAt),
          })}
        </p>
      )}
      <ButtonLink href="/package-builder" variant="secondary" iconName="arrowLeft" data-testid="package-dashboard-link">
        {t('packages.results.building.dashboard')}
      </ButtonLink>
    </section>
  );
}

export function FailedPanel({ pkg }: { pkg: Package }) {
  const { t } = useTranslation();
  return (
    <section className={`${styles.statePanel} ${styles.failed}`} aria-labelledby="pkg-failed-heading" data-testid="package-failed">
      <Icon name="alert" size={28} className={styles.stateIcon} />
      <h2 id="pkg-failed-heading" className={styles.stateHeading}>
        {t('packages.results.failed.heading')}
      </h2>
      <p role="alert">{pkg.error || t('packages.results.failed.fallback')}</p>
      <ButtonLink href="/package-builder/create" iconName="chevronRight" data-testid="package-retry">
        {t('packages.results.failed.retry')}
      </ButtonLink>
    </section>
  );
}

export function ExpiredNotice({ pkg }: { pkg: Package }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Past events are left out by the rebuild (spec 3 §4): the dialog names them, read when it opens.
  const dropped = open ? pastEvents(pkg.events, Date.now()) : [];
  const regenerate = async () => {
    setBusy(true);
    setError(null);
    try {
      await regeneratePackage(pkg.id);
      // spec 3 §4: the confirmation returns to /package-builder, where the package shows as building.
      location.assign('/package-builder');
    } catch (err) {
      setError(errorText(t, err, 'packages.results.expired.failed'));
      setBusy(false);
    }
  };
  return (
    <div className={`alert alert--warning ${styles.expired}`} data-testid="package-expired">
      <Icon name="alert" size={20} />
      <div className={styles.expiredBody}>
        <strong>{t('packages.results.expired.heading')}</strong>
        <p>
          {t('packages.results.expired.text', {
            date: formatDay(pkg.finished_at ?? pkg.created_at),
          })}
        </p>
        <Button variant="secondary" size="sm" onClick={() => setOpen(true)} data-testid="package-regenerate">
          {t('packages.results.expired.regenerate')}
        </Button>
      </div>
      <Modal
        open={open}
        onOpenChange={(o) => !busy && setOpen(o)}
        title={t('packages.results.expired.confirmTitle')}
        description={t('packages.results.expired.confirmText', {
          title: pkg.title,
        })}
        closeLabel={t('packages.results.expired.cancel')}
      >
        {dropped.length > 0 && (
          <p className="alert alert--warning" data-testid="package-regenerate-dropped">
            {t('packages.results.expired.dropped', {
              count: dropped.length,
              titles: dropped.map((e) => e.title).join(', '),
            })}
          </p>
        )}
        {error && (
          <p className="alert alert--error" role="alert">
            {error}
          </p>
        )}
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setOpen(false)} disabled={busy}>
            {t('packages.results.expired.cancel')}
          </Button>
          <Button onClick={() => void regenerate()} busy={busy} data-testid="package-regenerate-confirm">
            {t('packages.results.expired.confirm')}
          </Button>
        </div>
      </Modal>
    </div>
  );
}

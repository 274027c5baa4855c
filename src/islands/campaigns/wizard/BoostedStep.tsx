// spec 2 §2 step 5: 'Your event has been boosted!'; the wizard returns to step 1 after 2 s.
import { useEffect } from 'react';
import { BOOSTED_RETURN_MS } from '../../../lib/campaigns/setup-constants';
import { useTranslation } from '../../../lib/i18n/react';
import { Icon } from '../../ui/Icon';
import { stepFocusProps } from './stepFocus';
import styles from './Wizard.module.css';

export function BoostedStep({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(onDone, BOOSTED_RETURN_MS);
    return () => clearTimeout(timer);
  }, [onDone]);
  return (
    <div className={styles.boosted} role="status" data-testid="boosted-step">
      <span className={styles.boostedIcon} aria-hidden="true">
        <Icon name="check" size={28} />
      </span>
      <h3 {...stepFocusProps}>{t('campaigns.wizard.boosted.title')}</h3>
      <p className={styles.hint}>{t('campaigns.wizard.boosted.text')}</p>
    </div>
  );
}

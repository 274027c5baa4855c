// spec 3 §2: before any answer, a guide card with a three-step "how it works" stepper.
import { useTranslation } from '../../lib/i18n/react';
import styles from './GuideCard.module.css';

const STEPS = [1, 2, 3] as const;

export function GuideCard() {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="sentinel-guide-title" data-testid="sentinel-guide">
      <h2 id="sentinel-guide-title" className={styles.title}>
        {t('sentinel.guide.title')}
      </h2>
      <ol className={styles.steps}>
        {STEPS.map((n) => (
          <li key={n} className={styles.step}>
            <span className={styles.number} aria-hidden="true">
              {n}
            </span>
            <div>
              <p className={styles.stepTitle}>{t(`sentinel.guide.step${n}Title`)}</p>
              <p className={styles.text}>{t(`sentinel.guide.step${n}`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

// Settings › #system (spec 1 §2.5): the partner's attribution model (spec 2 §4) and the billing
// link. The choice is saved as soon as it is made (PUT /partners/attribution_model, 204); a
// failure puts the previous choice back and says so in an alert (spec 1 §8).
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { attributionOptions, effectiveAttributionModel, type AttributionContext, type AttributionModel } from '../../lib/attribution';
import { setAttributionModel } from '../../lib/api/account';
import { pushToast } from '../../stores/toasts';
import { ButtonLink } from '../ui/Button';
import styles from './Settings.module.css';

export interface AttributionProps extends AttributionContext {
  stored: string;
  /** Changing the model needs the settings permission. */
  canChange: boolean;
  billingUrl: string;
}

export function AttributionSection({ stored, prisma, simpleUser, canChange, billingUrl }: AttributionProps) {
  const { t } = useTranslation();
  const ctx = { prisma, simpleUser };
  const [model, setModel] = useState<AttributionModel>(effectiveAttributionModel(stored, ctx));
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const choose = async (next: AttributionModel) => {
    const previous = model;
    setModel(next);
    setBusy(true);
    setFailed(false);
    try {
      await setAttributionModel(next);
      pushToast({ title: t('settings.system.attribution.saved', { model: t(`settings.system.attribution.models.${next}.name`) }), variant: 'success' });
    } catch {
      setModel(previous);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <section className={styles.card} aria-labelledby="attribution-heading">
        <div className={styles.cardHead}>
          <h2 id="attribution-heading" className={styles.cardTitle}>
            {t('settings.system.attribution.heading')}
          </h2>
          <p className={styles.cardIntro}>{t('settings.system.attribution.intro')}</p>
        </div>
        {failed && (
          <p className="alert alert--error" role="alert">
            {t('settings.system.attribution.failed')}
          </p>
        )}
        <fieldset className={styles.choices} disabled={busy || !canChange} aria-describedby={canChange ? undefined : 'attribution-locked'}>
          <legend className="visually-hidden">{t('settings.system.attribution.heading')}</legend>
          {attributionOptions(ctx).map((m) => (
            <label key={m} className={styles.choice} data-checked={model === m || undefined}>
              <input type="radio" name="attribution-model" value={m} checked={model === m} onChange={() => void choose(m)} />
              <span className={styles.choiceText}>
                <span className={styles.mfaName}>{t(`settings.system.attribution.models.${m}.name`)}</span>
                <span className={styles.hint}>{t(`settings.system.attribution.models.${m}.description`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {!canChange && (
          <p id="attribution-locked" className={styles.hint}>
            {t('settings.system.attribution.locked')}
          </p>
        )}
      </section>
      <section className={styles.card} aria-labelledby="billing-heading">
        <div className={styles.cardHeadRow}>
          <div className={styles.cardHead}>
            <h2 id="billing-heading" className={styles.cardTitle}>
              {t('settings.system.billing.heading')}
            </h2>
            <p className={styles.cardIntro}>{t('settings.system.billing.intro')}</p>
          </div>
          <ButtonLink variant="secondary" iconName="external" href={billingUrl} target="_blank" rel="noopener noreferrer">
            {t('settings.system.billing.open')}
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

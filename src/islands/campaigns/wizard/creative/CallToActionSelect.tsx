// The call-to-action dropdown (spec 2 §7 call_to_action): the choices come from the server for the
// goal, pixel and lead form; a failed load shows common.errors.inServerResponse with a retry.
import { useEffect, useId, useState } from 'react';
import type { CallToActionName } from '../../../../lib/contracts/meta-lookups';
import type { CampaignGoal } from '../../../../lib/contracts/taste-clusters';
import { getCallToActions } from '../../../../lib/api/metaLookups';
import { ApiError } from '../../../../lib/api/client';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import styles from './CreativeForm.module.css';

type Load = { status: 'loading' } | { status: 'ready'; items: CallToActionName[] } | { status: 'error' };

export function CallToActionSelect({
  goal,
  hasPixel,
  leadFormId,
  value,
  onChange,
  disabled,
  error,
}: {
  goal: CampaignGoal;
  hasPixel: boolean;
  leadFormId: string | null;
  value: CallToActionName | null;
  onChange(next: CallToActionName | null): void;
  disabled?: boolean;
  error?: string | null;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    getCallToActions(goal, hasPixel, leadFormId ?? undefined, controller.signal).then(
      (items) => setLoad({ status: 'ready', items }),
      (err: unknown) => {
        if (controller.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
        setLoad({ status: 'error' });
      },
    );
    return () => controller.abort();
  }, [goal, hasPixel, leadFormId, attempt]);

  // A choice the new goal no longer offers is dropped rather than published against the rules.
  const items = load.status === 'ready' ? load.items : null;
  useEffect(() => {
    if (items && value && !items.includes(value)) onChange(null);
  }, [items, value, onChange]);

  return (
    <div className={styles.block}>
      <label htmlFor={`${uid}-cta`} className={styles.label}>
        {t('campaigns.wizard.creative.cta.label')}
        <span aria-hidden="true"> *</span>
      </label>
      {load.status === 'error' ? (
        <div className={styles.tryAgain} role="alert">
          <p>{t('common.errors.inServerResponse')}</p>
          <Button size="sm" variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
            {t('campaigns.wizard.creative.tryAgain')}
          </Button>
        </div>
      ) : (
        <select
          id={`${uid}-cta`}
          className={`input ${styles.select}`}
          value={value && items?.includes(value) ? value : ''}
          disabled={disabled || load.status === 'loading'}
          aria-busy={load.status === 'loading'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${uid}-err` : undefined}
          onChange={(e) => onChange((e.target.value || null) as CallToActionName | null)}
        >
          <option value="">{load.status === 'loading' ? t('common.loading') : t('campaigns.wizard.creative.cta.placeholder')}</option>
          {items?.map((cta) => (
            <option key={cta} value={cta}>
              {t(`campaigns.wizard.creative.cta.names.${cta}`)}
            </option>
          ))}
        </select>
      )}
      {error && (
        <p id={`${uid}-err`} className={styles.fieldError} role="alert">
          {t(error)}
        </p>
      )}
    </div>
  );
}

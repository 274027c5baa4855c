// AI autofill of one creative field (spec 2 §4 "Topic report and autofill"): when the field already
// holds text, a warning that it will be replaced comes first (proceed or cancel); then a loading
// dialog that can be cancelled (the request is aborted); then either the texts go into the field,
// or an error dialog offers to try again. Texts: campaigns.wizard.ai.*.
import { useEffect, useRef, useState } from 'react';
import type { CreativeLanguage } from '../../../../lib/contracts/setup-process';
import { generateCreatives } from '../../../../lib/api/creativeCopy';
import { ApiError } from '../../../../lib/api/client';
import { useTranslation } from '../../../../lib/i18n/react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { Modal } from '../../../ui/Modal';
import { SandboxBadge } from '../../../ui/SandboxBadge';
import styles from './ai.module.css';

export interface AutofillButtonProps {
  eventId: string;
  tc: number;
  tcRunId: number;
  field: 'headline' | 'body' | 'description';
  language: CreativeLanguage;
  /** The field's current values: non-blank ones make the overwrite warning come first. */
  current: string[];
  count?: number;
  onFill(values: string[]): void;
  disabled?: boolean;
}

type Phase = 'idle' | 'confirm' | 'loading' | 'error';

export function AutofillButton({ eventId, tc, tcRunId, field, language, current, count, onFill, disabled }: AutofillButtonProps) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const [sandbox, setSandbox] = useState(false);
  const request = useRef<AbortController | null>(null);
  const filledCount = current.filter((v) => v.trim()).length;
  const fieldName = t(`campaigns.wizard.ai.fields.${field}`);

  useEffect(() => () => request.current?.abort(), []);

  const run = async () => {
    request.current?.abort();
    const ctrl = new AbortController();
    request.current = ctrl;
    setPhase('loading');
    try {
      // The description is one text; the lists take the spec's default of 3 (§9).
      const res = await generateCreatives({ eventId, tc, tcRunId, field, language, count: count ?? (field === 'description' ? 1 : 3) }, ctrl.signal);
      if (ctrl.signal.aborted) return;
      setSandbox(res.sandbox);
      if (res.success && res.results.length) {
        onFill(res.results);
        setPhase('idle');
      } else setPhase('error');
    } catch (err) {
      if (ctrl.signal.aborted || (err instanceof ApiError && err.cancelled)) return;
      setPhase('error');
    }
  };

  const start = () => (filledCount > 0 ? setPhase('confirm') : void run());
  const cancelLoading = () => {
    request.current?.abort();
    setPhase('idle');
  };

  return (
    <span className={styles.autofill}>
      <Button variant="ghost" size="sm" icon={<Icon name="sparkle" size={16} />} onClick={start} disabled={disabled || phase === 'loading'} aria-label={t('campaigns.wizard.ai.autofill.label', { field: fieldName })} data-testid={`autofill-${field}`}>
        {t('campaigns.wizard.ai.autofill.button')}
      </Button>
      {sandbox && <SandboxBadge title={t('campaigns.wizard.ai.sandboxHint')} />}

      <Modal open={phase === 'confirm'} onOpenChange={(open) => !open && setPhase('idle')} title={t('campaigns.wizard.ai.overwrite.title')} description={t('campaigns.wizard.ai.overwrite.message', { count: filledCount, field: fieldName })} closeLabel={t('common.close')}>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setPhase('idle')}>
            {t('campaigns.wizard.ai.overwrite.cancel')}
          </Button>
          <Button onClick={() => void run()}>{t('campaigns.wizard.ai.overwrite.proceed')}</Button>
        </div>
      </Modal>

      <Modal open={phase === 'loading'} onOpenChange={(open) => !open && cancelLoading()} title={t('campaigns.wizard.ai.loading.title')} description={t('campaigns.wizard.ai.loading.message', { field: fieldName })} closeLabel={t('campaigns.wizard.ai.loading.cancel')}>
        <div className={styles.loading} role="status" aria-live="polite">
          <span className={styles.spinner} aria-hidden="true" />
          <span>{t('campaigns.wizard.ai.loading.wait')}</span>
        </div>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={cancelLoading}>
            {t('campaigns.wizard.ai.loading.cancel')}
          </Button>
        </div>
      </Modal>

      <Modal open={phase === 'error'} onOpenChange={(open) => !open && setPhase('idle')} title={t('campaigns.wizard.ai.error.title')} description={t('campaigns.wizard.ai.error.message')} closeLabel={t('common.close')}>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setPhase('idle')}>
            {t('common.close')}
          </Button>
          <Button onClick={() => void run()}>{t('common.retry')}</Button>
        </div>
      </Modal>
    </span>
  );
}

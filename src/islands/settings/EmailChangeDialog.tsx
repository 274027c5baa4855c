// Changing the email (spec 1 §2.5, issue 3): the current password re-authenticates, a code goes
// to the new address, the code confirms it (POST /profile/email, then its confirmation).
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { confirmEmailChange, requestEmailChange } from '../../lib/api/account';
import { ApiError } from '../../lib/api/client';
import { $session } from '../../stores/session';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { CodeInput, isCompleteCode } from '../account/CodeInput';
import styles from './Settings.module.css';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function EmailChangeDialog({ open, onOpenChange, currentEmail, onChanged }: { open: boolean; onOpenChange: (open: boolean) => void; currentEmail: string; onChanged: (email: string) => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<'request' | 'code'>('request');
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) return;
    setStep('request');
    setNewEmail('');
    setPassword('');
    setCode('');
    setError(null);
  }, [open]);

  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.cancelled) return;
    const key = err instanceof ApiError ? err.i18nKey : 'common.errors.unknownError';
    setError(t(key) === key ? t('common.errors.inServerResponse') : t(key));
  };

  const onRequest = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!EMAIL.test(newEmail.trim()) || newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) return setError(t('settings.email.invalid'));
    if (!password) return setError(t('common.errors.fillRequired'));
    setBusy(true);
    setError(null);
    try {
      await requestEmailChange({ new_email: newEmail.trim(), password });
      setPassword('');
      setStep('code');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const onConfirm = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCompleteCode(code)) return;
    setBusy(true);
    setError(null);
    try {
      const profile = await confirmEmailChange({ code });
      onChanged(profile.email);
      $session.set({ ...$session.get(), email: profile.email });
      pushToast({ title: t('settings.email.changed'), description: t('settings.email.changedText', { email: profile.email }), variant: 'success' });
      onOpenChange(false);
    } catch (err) {
      fail(err);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('settings.email.title')} description={t('settings.email.description')} closeLabel={t('common.close')}>
      {step === 'request' ? (
        <form className={styles.dialogForm} onSubmit={(e) => void onRequest(e)} noValidate>
          {error && (
            <p className="alert alert--error" role="alert">
              {error}
            </p>
          )}
          <div className="field">
            <label htmlFor="email-new">{t('settings.email.newEmail')}</label>
            <input id="email-new" className="input" type="email" autoComplete="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} required />
          </div>
          <div className="field">
            <label htmlFor="email-password">{t('settings.email.password')}</label>
            <input id="email-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          </div>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('settings.system.cancel')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('settings.email.sendCode')}
            </Button>
          </div>
        </form>
      ) : (
        <form className={styles.dialogForm} onSubmit={(e) => void onConfirm(e)} noValidate>
          <p className={styles.notice} role="status">
            {t('settings.email.codeSent', { email: newEmail.trim() })}
          </p>
          {error && (
            <p className="alert alert--error" role="alert" id="email-code-error">
              {error}
            </p>
          )}
          <CodeInput id="email-code" label={t('settings.email.code')} value={code} onChange={setCode} errorId="email-code-error" invalid={error !== null} autoFocus />
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('settings.system.cancel')}
            </Button>
            <Button type="submit" busy={busy} disabled={!isCompleteCode(code)}>
              {t('settings.email.confirm')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}

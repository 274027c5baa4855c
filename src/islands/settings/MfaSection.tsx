// Settings › #system › two-factor authentication (spec 1 §2.5, §2.4): the authenticator app's
// status with set up (QR modal) or remove (confirmation dialog with the password; errors show in
// the dialog, spec 1 §8), and the preferred method when both are active. Each change answers a
// new session (privilege change), so the expiry is re-read from its cookie.
import { useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { getMfaSettings, getTotpSetup, removeTotp, updateMfaSettings } from '../../lib/api/account';
import { ApiError } from '../../lib/api/client';
import type { LoginResponse, MfaMethod, MfaSettings, TotpSetupResponse } from '../../lib/contracts/auth';
import { syncSessionFromCookies } from '../../stores/sessionExpiry';
import { pushToast } from '../../stores/toasts';
import { TotpSetupDialog } from '../account/TotpSetupDialog';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import styles from './Settings.module.css';
import { Icon } from '../ui/Icon';

export function MfaSection() {
  const { t } = useTranslation();
  const tt = (key: string, vars?: Record<string, string | number>) => t(key, vars ?? {});
  const [settings, setSettings] = useState<MfaSettings | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [setupOpen, setSetupOpen] = useState(false);
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);
  const [removeOpen, setRemoveOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getMfaSettings(controller.signal)
      .then(setSettings)
      .catch((err: unknown) => {
        if (!(err instanceof ApiError && err.cancelled)) setLoadError(true);
      });
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!removeOpen) {
      setPassword('');
      setRemoveError(null);
    }
  }, [removeOpen]);

  const message = (err: unknown) => {
    const key = err instanceof ApiError ? err.i18nKey : 'common.errors.unknownError';
    return t(key) === key ? t('common.errors.inServerResponse') : t(key);
  };

  const applied = (res: LoginResponse) => {
    setSettings(res.mfa_settings);
    syncSessionFromCookies();
  };

  const openSetup = async () => {
    setSetupOpen(true);
    try {
      setSetup(await getTotpSetup());
    } catch (err) {
      setSetupOpen(false);
      pushToast({ title: t('settings.system.setUp'), description: message(err), variant: 'error' });
    }
  };

  const onRemove = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) return setRemoveError(t('common.errors.fillRequired'));
    setBusy(true);
    setRemoveError(null);
    try {
      applied(await removeTotp({ password }));
      setRemoveOpen(false);
      setSetup(null);
      pushToast({ title: t('settings.system.removed'), variant: 'success' });
    } catch (err) {
      setRemoveError(message(err));
    } finally {
      setBusy(false);
    }
  };

  const onPreferred = async (method: MfaMethod) => {
    setBusy(true);
    try {
      applied(await updateMfaSettings({ mfa_option_class: method, status: 'ENABLED', preferred: true }));
      pushToast({ title: t('settings.system.preferredSaved'), variant: 'success' });
    } catch (err) {
      pushToast({ title: t('settings.system.preferred'), description: message(err), variant: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const preferred: MfaMethod | null = settings?.preferred_mfa === 'SOFTWARE_TOKEN_MFA' || settings?.preferred_mfa === 'EMAIL_OTP' ? settings.preferred_mfa : null;

  return (
    <section className={styles.card} aria-labelledby="mfa-heading" aria-busy={settings === null && !loadError}>
      <div className={styles.cardHead}>
        <h2 id="mfa-heading" className={styles.cardTitle}>
          {t('settings.system.mfaHeading')}
        </h2>
        <p className={styles.cardIntro}>{t('settings.system.mfaIntro')}</p>
      </div>
      {loadError && (
        <p className="alert alert--error" role="alert">
          {t('common.errors.inServerResponse')}
        </p>
      )}
      {settings && (
        <div className={styles.rows}>
          <div className={styles.mfaRow}>
            <span className={styles.mfaIcon} aria-hidden="true">
              <Icon name="phone" />
            </span>
            <div className={styles.mfaText}>
              <span className={styles.mfaName}>{t('settings.system.app')}</span>
              <span className={settings.softwareTokenMfa ? styles.pillOk : styles.pillMuted} data-testid="mfa-app-status">
                {settings.softwareTokenMfa ? t('settings.system.appOn') : t('settings.system.appOff')}
              </span>
            </div>
            {settings.softwareTokenMfa ? (
              <Button variant="secondary" size="sm" onClick={() => setRemoveOpen(true)} disabled={busy}>
                {t('settings.system.remove')}
              </Button>
            ) : (
              <Button size="sm" onClick={() => void openSetup()} disabled={busy}>
                {t('settings.system.setUp')}
              </Button>
            )}
          </div>
          <div className={styles.mfaRow}>
            <span className={styles.mfaIcon} aria-hidden="true">
              <Icon name="mail" />
            </span>
            <div className={styles.mfaText}>
              <span className={styles.mfaName}>{t('settings.system.emailCodes')}</span>
              <span className={settings.emailTotp ? styles.pillOk : styles.pillMuted}>{settings.emailTotp ? t('settings.system.emailOn') : t('settings.system.emailOff')}</span>
            </div>
          </div>
          {settings.softwareTokenMfa && settings.emailTotp && (
            <fieldset className={styles.preferred} disabled={busy}>
              <legend className={styles.label}>{t('settings.system.preferred')}</legend>
              {(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'] as const).map((m) => (
                <label key={m} className={styles.radio}>
                  <input type="radio" name="preferred-mfa" value={m} checked={preferred === m} onChange={() => void onPreferred(m)} />
                  {m === 'SOFTWARE_TOKEN_MFA' ? t('settings.system.preferredApp') : t('settings.system.preferredEmail')}
                </label>
              ))}
            </fieldset>
          )}
        </div>
      )}
      <TotpSetupDialog
        t={tt}
        open={setupOpen}
        onOpenChange={setSetupOpen}
        setup={setup}
        submitLabel={t('settings.system.setUp')}
        onActivated={(res) => {
          applied(res);
          setSetupOpen(false);
          pushToast({ title: t('settings.system.added'), variant: 'success' });
        }}
      />
      <Modal open={removeOpen} onOpenChange={setRemoveOpen} title={t('settings.system.removeTitle')} description={t('settings.system.removeText')} closeLabel={t('settings.system.cancel')}>
        <form className={styles.dialogForm} onSubmit={(e) => void onRemove(e)} noValidate>
          {removeError && (
            <p className="alert alert--error" role="alert" id="remove-error">
              {removeError}
            </p>
          )}
          <div className="field">
            <label htmlFor="remove-password">{t('settings.system.password')}</label>
            <input id="remove-password" className="input" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={removeError ? true : undefined} aria-describedby={removeError ? 'remove-error' : undefined} />
          </div>
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setRemoveOpen(false)}>
              {t('settings.system.cancel')}
            </Button>
            <Button type="submit" variant="danger" busy={busy}>
              {t('settings.system.confirmRemove')}
            </Button>
          </div>
        </form>
      </Modal>
    </section>
  );
}

// /setup-mfa (spec 1 §2.4): choose the authenticator app or email codes. The app path shows a
// modal with the QR code, the manual secret (copy, 'copied' for 2 s) and a 6-digit code; setting
// it up activates the app (preferred) and email codes and signs the user in. The email path shows
// a verified message and promotes the session after 3 s.
import { useEffect, useMemo, useState } from 'react';
import { getTotpSetup, updateMfaSettings } from '../../lib/api/account';
import type { LoginResponse, TotpSetupResponse } from '../../lib/contracts/auth';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { readChallenge } from '../../stores/challenge';
import { Icon } from '../ui/Icon';
import { Splash } from './Splash';
import { TotpSetupDialog } from './TotpSetupDialog';
import { afterLogin, describeError, errorText } from './flow';
import styles from './Account.module.css';

const EMAIL_PROMOTE_MS = 3000;

export interface SetupMfaProps {
  i18n: IslandI18n;
  /** The signed-in (pre-MFA) user's email, when the server knows it. */
  email: string | null;
}

export default function SetupMfaScreen({ i18n, email }: SetupMfaProps) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [appOpen, setAppOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [emailDone, setEmailDone] = useState<LoginResponse | null>(null);
  const [splashTo, setSplashTo] = useState<string | null>(null);
  const [address, setAddress] = useState(email);
  // A single setup secret per visit: re-opening the modal shows the same key.
  const [setup, setSetup] = useState<TotpSetupResponse | null>(null);

  useEffect(() => {
    if (!address) setAddress(readChallenge()?.username ?? null);
  }, [address]);

  const finish = async (res: LoginResponse) => {
    const outcome = await afterLogin(res, readChallenge()?.username ?? address ?? '');
    if (outcome.kind === 'splash') setSplashTo(outcome.to);
    else location.assign(outcome.to);
  };

  // spec 1 §9: email-MFA success delay 3 s.
  useEffect(() => {
    if (!emailDone) return;
    const timer = window.setTimeout(() => void finish(emailDone), EMAIL_PROMOTE_MS);
    return () => window.clearTimeout(timer);
    // finish only reads stable values
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [emailDone]);

  const openApp = async () => {
    setError(null);
    setAppOpen(true);
    if (setup) return;
    try {
      setSetup(await getTotpSetup());
    } catch (err) {
      const f = describeError(err);
      if (!f.cancelled) setError(f.key);
      setAppOpen(false);
    }
  };

  const chooseEmail = async () => {
    setBusy(true);
    setError(null);
    try {
      setEmailDone(await updateMfaSettings({ mfa_option_class: 'EMAIL_OTP', status: 'ENABLED', preferred: true }));
    } catch (err) {
      const f = describeError(err);
      if (!f.cancelled) setError(f.key);
    } finally {
      setBusy(false);
    }
  };

  if (splashTo) return <Splash to={splashTo} product={t('shell.product')} text={t('login.splash')} continueLabel={t('login.continue')} />;

  if (emailDone) {
    return (
      <div className={styles.success} role="status" aria-live="polite">
        <span className={styles.successIcon}>
          <Icon name="check" size={28} />
        </span>
        <h1 className={styles.heading}>{t('auth.setupMfa.emailVerified')}</h1>
        <p className={styles.sub}>{t('auth.setupMfa.emailRedirect')}</p>
        <span className={styles.spinnerLarge} aria-hidden="true" />
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.setupMfa.heading')}</h1>
        <p className={styles.sub}>{t('auth.setupMfa.intro')}</p>
      </div>
      {error && (
        <p className="alert alert--error" role="alert">
          {errorText(t, error)}
        </p>
      )}
      <ul className={styles.choices}>
        <li>
          <button type="button" className={styles.choice} onClick={() => void openApp()} disabled={busy} aria-haspopup="dialog">
            <span className={styles.choiceIcon} aria-hidden="true">
              <Icon name="phone" />
            </span>
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>
                {t('auth.setupMfa.appTitle')}
                <span className={styles.badge}>{t('auth.setupMfa.recommended')}</span>
              </span>
              <span className={styles.choiceDesc}>{t('auth.setupMfa.appText')}</span>
            </span>
            <Icon name="chevronRight" size={18} className={styles.hint} />
          </button>
        </li>
        <li>
          <button type="button" className={styles.choice} onClick={() => void chooseEmail()} disabled={busy} aria-busy={busy || undefined}>
            <span className={styles.choiceIcon} aria-hidden="true">
              <Icon name="mail" />
            </span>
            <span className={styles.choiceText}>
              <span className={styles.choiceTitle}>{t('auth.setupMfa.emailTitle')}</span>
              <span className={styles.choiceDesc}>{address ? t('auth.setupMfa.emailText', { email: address }) : t('auth.setupMfa.emailTextNoAddress')}</span>
            </span>
            {busy ? <span className={styles.spinner} aria-hidden="true" /> : <Icon name="chevronRight" size={18} className={styles.hint} />}
          </button>
        </li>
      </ul>
      <div className={styles.footer}>
        <form method="post" action="/logout">
          <button type="submit" className={styles.linkButton}>
            ← {t('auth.backToLogin')}
          </button>
        </form>
      </div>
      <TotpSetupDialog t={t} open={appOpen} onOpenChange={setAppOpen} setup={setup} onActivated={(res) => void finish(res)} />
    </div>
  );
}

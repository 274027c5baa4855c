// /mfa (spec 1 §2.4): the 6-digit code of the authenticator app or of an email, remember this
// device, switch method (re-authenticates with the password: it is never stored), resend the
// email code ('sent' for 2 s). The error shows above the code entry.
import { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { login } from '../../lib/api/auth';
import { answerMfaToken, resendMfaEmail } from '../../lib/api/account';
import type { MfaMethod } from '../../lib/contracts/auth';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import type { PendingChallenge } from '../../stores/challenge';
import { clearRememberedDevice, deviceFields, saveRememberedDevice } from '../../stores/rememberedDevice';
import { CodeInput, isCompleteCode } from './CodeInput';
import { PasswordInput } from './PasswordFields';
import { Splash } from './Splash';
import { afterLogin, describeError, errorText, isExpiredChallenge } from './flow';
import { ExpiredChallenge, useChallenge } from './useChallenge';
import { BackToLogin } from './BackToLogin';
import styles from './Account.module.css';

const SENT_CONFIRMATION_MS = 2000;

export default function MfaScreen({ i18n }: { i18n: IslandI18n }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [challenge, setChallenge] = useChallenge(['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP']);
  const [code, setCode] = useState('');
  const [remember, setRemember] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'submit' | 'switch' | 'resend'>(null);
  const [sent, setSent] = useState(false);
  const [switchTo, setSwitchTo] = useState<MfaMethod | null>(null);
  const [password, setPassword] = useState('');
  const [expired, setExpired] = useState(false);
  const [splashTo, setSplashTo] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const passwordFormRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!sent) return;
    const timer = window.setTimeout(() => setSent(false), SENT_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [sent]);

  useEffect(() => {
    if (switchTo) passwordFormRef.current?.querySelector('input')?.focus();
  }, [switchTo]);

  if (challenge === undefined) return <div className={styles.stack} aria-busy="true" />;
  if (challenge === null || expired) return <ExpiredChallenge t={t} />;
  if (splashTo) return <Splash to={splashTo} product={t('shell.product')} text={t('login.splash')} continueLabel={t('login.continue')} />;

  const method: MfaMethod = challenge.challenge === 'EMAIL_OTP' ? 'EMAIL_OTP' : 'SOFTWARE_TOKEN_MFA';
  const other: MfaMethod = method === 'EMAIL_OTP' ? 'SOFTWARE_TOKEN_MFA' : 'EMAIL_OTP';
  // The other method is offered when the user has it (unknown settings: offer both).
  const canSwitch = other === 'EMAIL_OTP' ? challenge.mfa?.emailTotp !== false : challenge.mfa?.softwareTokenMfa !== false;
  const errorId = 'mfa-error';

  const fail = (err: unknown) => {
    const f = describeError(err, 'mfa');
    if (f.cancelled) return;
    if (isExpiredChallenge(f)) setExpired(true);
    else setError(f.key);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCompleteCode(code) || busy) return;
    setBusy('submit');
    setError(null);
    try {
      const res = await answerMfaToken({
        username: challenge.username,
        session: challenge.session ?? '',
        mfa_token: code,
        mfa_method: method,
        remember_device: remember,
      });
      if (remember && res.DeviceKey && res.DeviceGroupKey) {
        saveRememberedDevice({ username: challenge.username, deviceKey: res.DeviceKey, deviceGroupKey: res.DeviceGroupKey });
      }
      const outcome = await afterLogin(res, challenge.username);
      if (outcome.kind === 'splash') setSplashTo(outcome.to);
      else location.assign(outcome.to);
    } catch (err) {
      fail(err);
      setCode('');
      codeRef.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  // spec 1 §2.4: switching the method re-authenticates (POST /auth with mfa_option).
  const onSwitch = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!switchTo || !password || busy) return;
    setBusy('switch');
    setError(null);
    try {
      const res = await login({ username: challenge.username, password, mfa_option: switchTo, ...deviceFields(challenge.username) });
      setPassword('');
      setSwitchTo(null);
      setCode('');
      if (res.Challenge === 'SOFTWARE_TOKEN_MFA' || res.Challenge === 'EMAIL_OTP') {
        const updated: PendingChallenge = { ...challenge, session: res.ChallengeSession, challenge: res.Challenge, mfa: res.mfa_settings };
        setChallenge(updated);
        if (res.Challenge === 'EMAIL_OTP') setSent(true);
        codeRef.current?.focus();
        return;
      }
      const outcome = await afterLogin(res, challenge.username);
      if (outcome.kind === 'splash') setSplashTo(outcome.to);
      else location.assign(outcome.to);
    } catch (err) {
      const f = describeError(err);
      if (f.status === 500) clearRememberedDevice(); // spec 1 §4.1
      if (!f.cancelled) setError(f.key);
    } finally {
      setBusy(null);
    }
  };

  const onResend = async () => {
    if (busy) return;
    setBusy('resend');
    setError(null);
    try {
      await resendMfaEmail({ username: challenge.username, session: challenge.session ?? '' });
      setSent(true);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(null);
    }
  };

  const intro = method === 'EMAIL_OTP' ? t('auth.mfa.emailIntro') : t('auth.mfa.appIntro');

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.mfa.heading')}</h1>
        <p className={styles.sub} id="mfa-intro">
          {intro}
        </p>
      </div>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy === 'submit' || undefined}>
        {error && (
          <p className="alert alert--error" role="alert" id={errorId}>
            {errorText(t, error)}
          </p>
        )}
        <CodeInput
          ref={codeRef}
          id="mfa-code"
          label={t('auth.codeLabel')}
          hint={t('auth.codeHint')}
          value={code}
          onChange={(v) => {
            setCode(v);
            if (error) setError(null);
          }}
          errorId={errorId}
          invalid={error !== null}
          autoFocus
        />
        <label className={styles.checkbox}>
          <input type="checkbox" name="remember_device" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('auth.mfa.remember')}
        </label>
        <button type="submit" className={styles.submit} disabled={!isCompleteCode(code) || busy !== null} aria-busy={busy === 'submit' || undefined}>
          {busy === 'submit' && <span className={styles.spinner} aria-hidden="true" />}
          {busy === 'submit' ? t('auth.mfa.submitting') : t('auth.mfa.submit')}
        </button>
      </form>

      <div className={styles.methodRow}>
        {method === 'EMAIL_OTP' ? (
          <span>
            {sent ? (
              <span className={styles.sent} role="status">
                <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M20 6 9 17l-5-5" />
                </svg>
                {t('auth.mfa.sent')}
              </span>
            ) : (
              <button type="button" className={styles.linkButton} onClick={onResend} disabled={busy !== null}>
                {busy === 'resend' ? t('auth.mfa.resending') : t('auth.mfa.resend')}
              </button>
            )}
          </span>
        ) : (
          <span />
        )}
        {canSwitch && !switchTo && (
          <button type="button" className={styles.linkButton} onClick={() => setSwitchTo(other)} disabled={busy !== null}>
            {other === 'EMAIL_OTP' ? t('auth.mfa.useEmail') : t('auth.mfa.useApp')}
          </button>
        )}
      </div>

      {switchTo && (
        <form ref={passwordFormRef} method="post" className={styles.form} onSubmit={onSwitch} noValidate aria-busy={busy === 'switch' || undefined}>
          <p className={styles.sub}>{t('auth.mfa.passwordPrompt')}</p>
          <input type="text" name="username" autoComplete="username" value={challenge.username} readOnly hidden />
          <PasswordInput id="mfa-password" name="password" label={t('auth.mfa.password')} value={password} onChange={setPassword} autoComplete="current-password" t={t} />
          <div className={styles.actions}>
            <button type="button" className={styles.linkButton} onClick={() => setSwitchTo(null)}>
              {t('auth.setupMfa.cancel')}
            </button>
            <button type="submit" className={styles.secondaryButton} disabled={!password || busy !== null}>
              {busy === 'switch' && <span className={styles.spinner} aria-hidden="true" />}
              {busy === 'switch' ? t('auth.mfa.switching') : switchTo === 'EMAIL_OTP' ? t('auth.mfa.useEmail') : t('auth.mfa.useApp')}
            </button>
          </div>
        </form>
      )}

      <BackToLogin t={t} />
    </div>
  );
}

// /setpassword (spec 1 §2.4, §5): the NEW_PASSWORD_REQUIRED challenge. New password and
// confirmation: non-empty (common.errors.fillRequired), equal (common.errors.wrongConfirmPassword)
// and strong (live rules); then the next challenge, normally /setup-mfa.
import { useMemo, useState, type SubmitEvent } from 'react';
import { answerNewPassword } from '../../lib/api/account';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { PasswordInput, PasswordRules, newPasswordError } from './PasswordFields';
import { Splash } from './Splash';
import { afterLogin, describeError, errorText, isExpiredChallenge } from './flow';
import { ExpiredChallenge, useChallenge } from './useChallenge';
import { BackToLogin } from './BackToLogin';
import styles from './Account.module.css';

export default function SetPasswordScreen({ i18n }: { i18n: IslandI18n }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [challenge] = useChallenge(['NEW_PASSWORD_REQUIRED']);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expired, setExpired] = useState(false);
  const [splashTo, setSplashTo] = useState<string | null>(null);

  if (challenge === undefined) return <div className={styles.stack} aria-busy="true" />;
  if (challenge === null || expired) return <ExpiredChallenge t={t} />;
  if (splashTo) return <Splash to={splashTo} product={t('shell.product')} text={t('login.splash')} continueLabel={t('login.continue')} />;

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirmation);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const res = await answerNewPassword({ username: challenge.username, session: challenge.session ?? '', new_password: password });
      const outcome = await afterLogin(res, challenge.username);
      if (outcome.kind === 'splash') setSplashTo(outcome.to);
      else location.assign(outcome.to);
    } catch (err) {
      const f = describeError(err);
      if (isExpiredChallenge(f)) setExpired(true);
      else if (!f.cancelled) setError(f.key);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.setPassword.heading')}</h1>
        <p className={styles.sub}>{t('auth.setPassword.intro')}</p>
      </div>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        {error && (
          <p className="alert alert--error" role="alert" id="setpassword-error">
            {errorText(t, error)}
          </p>
        )}
        <input type="text" name="username" autoComplete="username" value={challenge.username} readOnly hidden />
        <PasswordInput id="new-password" name="new_password" label={t('auth.setPassword.newPassword')} value={password} onChange={setPassword} describedBy="new-password-rules" t={t} invalid={error !== null && error !== 'common.errors.wrongConfirmPassword'} />
        <PasswordRules id="new-password-rules" password={password} t={t} />
        <PasswordInput id="confirm-password" name="confirm_password" label={t('auth.setPassword.confirmPassword')} value={confirmation} onChange={setConfirmation} t={t} invalid={error === 'common.errors.wrongConfirmPassword'} />
        <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className={styles.spinner} aria-hidden="true" />}
          {busy ? t('auth.setPassword.submitting') : t('auth.setPassword.submit')}
        </button>
      </form>
      <BackToLogin t={t} />
    </div>
  );
}

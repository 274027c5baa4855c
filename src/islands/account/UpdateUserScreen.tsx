// /update-user/{partnerId} (spec 1 §2.4, §5): the security-update re-registration of a user
// flagged as needing an update. Name and email required (one message for either missing);
// passwords must match (an alert); then the user signs in again with the new password.
import { useMemo, useState, type SubmitEvent } from 'react';
import { logout } from '../../lib/api/auth';
import { updateUserDetails } from '../../lib/api/account';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { PasswordInput, PasswordRules } from './PasswordFields';
import { passwordProblems } from '../../lib/validation/password';
import { SuccessPanel } from './SuccessPanel';
import { describeError, errorText } from './flow';
import styles from './Account.module.css';

export default function UpdateUserScreen({ i18n, partnerId, name: initialName, email: initialEmail }: { i18n: IslandI18n; partnerId: number; name: string; email: string }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [name, setName] = useState(initialName);
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim() || !email.trim()) return setError('auth.updateUser.missingNameEmail');
    if (!password || !confirmation) return setError('common.errors.fillRequired');
    if (password !== confirmation) return setError('common.errors.wrongConfirmPassword');
    const [problem] = passwordProblems(password);
    if (problem) return setError(`password.${problem}`);
    setBusy(true);
    setError(null);
    try {
      await updateUserDetails({ name: name.trim(), email: email.trim(), password, partner_id: partnerId });
      await logout().catch(() => undefined);
      setDone(true);
    } catch (err) {
      const f = describeError(err);
      if (!f.cancelled) setError(f.key);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return <SuccessPanel heading={t('auth.updateUser.successHeading')} text={t('auth.updateUser.successText')} linkLabel={t('auth.toLogin')} href={`/login?username=${encodeURIComponent(email.trim())}`} />;
  }

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.updateUser.heading')}</h1>
        <p className={styles.sub}>{t('auth.updateUser.intro')}</p>
      </div>
      <form method="post" className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        {error && (
          <p className="alert alert--error" role="alert" id="update-error">
            {errorText(t, error)}
          </p>
        )}
        <div className="field">
          <label htmlFor="update-name">{t('auth.updateUser.name')}</label>
          <input id="update-name" name="name" className="input" type="text" autoComplete="name" required maxLength={241} value={name} onChange={(e) => setName(e.target.value)} aria-invalid={error === 'auth.updateUser.missingNameEmail' && !name.trim() ? true : undefined} />
        </div>
        <div className="field">
          <label htmlFor="update-email">{t('auth.updateUser.email')}</label>
          <input id="update-email" name="email" className="input" type="email" autoComplete="username" required maxLength={320} value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error === 'auth.updateUser.missingNameEmail' && !email.trim() ? true : undefined} />
        </div>
        <PasswordInput id="update-password" name="password" label={t('auth.updateUser.password')} value={password} onChange={setPassword} describedBy="update-rules" t={t} />
        <PasswordRules id="update-rules" password={password} t={t} />
        <PasswordInput id="update-confirm" name="confirm_password" label={t('auth.updateUser.confirmPassword')} value={confirmation} onChange={setConfirmation} t={t} invalid={confirmation !== '' && confirmation !== password} />
        <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className={styles.spinner} aria-hidden="true" />}
          {busy ? t('auth.updateUser.submitting') : t('auth.updateUser.submit')}
        </button>
      </form>
    </div>
  );
}

// /partners/{partnerId}/register (spec 1 §2.4, §5): first name, last name, email, password and
// confirmation (all required, equal, strong); then the email confirmation code; then success.
import { useMemo, useState, type SubmitEvent } from 'react';
import { confirmRegistration, registerUser } from '../../lib/api/account';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { PasswordInput, PasswordRules, newPasswordError } from './PasswordFields';
import { SuccessPanel } from './SuccessPanel';
import { errorText } from './flow';
import { useAccountRequest } from './useAccountRequest';
import styles from './Account.module.css';

type Step = 'form' | 'code' | 'done';

export default function RegisterScreen({ i18n, partnerId }: { i18n: IslandI18n; partnerId: number }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [step, setStep] = useState<Step>('form');
  const [form, setForm] = useState({ given_name: '', family_name: '', email: '' });
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [code, setCode] = useState('');
  const { error, setError, busy, run } = useAccountRequest();

  const onRegister = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.given_name.trim() || !form.family_name.trim() || !form.email.trim()) return setError('common.errors.fillRequired');
    const problem = newPasswordError(password, confirmation);
    if (problem) return setError(problem);
    void run(async () => {
      await registerUser({ ...form, email: form.email.trim(), password, partner_id: partnerId });
      setStep('code');
    });
  };

  const onConfirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError('common.errors.fillRequired');
    void run(async () => {
      await confirmRegistration({ email: form.email.trim(), conf_code: code.trim() });
      setStep('done');
    });
  };

  if (step === 'done') {
    return <SuccessPanel heading={t('auth.register.successHeading')} text={t('auth.register.successText')} linkLabel={t('auth.toLogin')} href={`/login?username=${encodeURIComponent(form.email.trim())}`} />;
  }

  const alert = error && (
    <p className="alert alert--error" role="alert" id="register-error">
      {errorText(t, error)}
    </p>
  );
  const field = (name: keyof typeof form, label: string, type = 'text', autoComplete?: string) => (
    <div className="field">
      <label htmlFor={`register-${name}`}>{label}</label>
      <input
        id={`register-${name}`}
        name={name}
        className="input"
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={name === 'email' ? 320 : 120}
        value={form[name]}
        onChange={(e) => setForm((f) => ({ ...f, [name]: e.target.value }))}
        aria-invalid={error === 'common.errors.fillRequired' && !form[name].trim() ? true : undefined}
      />
    </div>
  );

  if (step === 'code') {
    return (
      <div className={styles.stack}>
        <div>
          <h1 className={styles.heading}>{t('auth.register.confirmHeading')}</h1>
          <p className={styles.sub} role="status">
            {t('auth.register.confirmIntro', { email: form.email.trim() })}
          </p>
        </div>
        <form method="post" className={styles.form} onSubmit={onConfirm} noValidate aria-busy={busy || undefined}>
          {alert}
          <div className="field">
            <label htmlFor="register-code">{t('auth.register.code')}</label>
            <input id="register-code" name="conf_code" className="input" type="text" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value.trim())} />
          </div>
          <button type="submit" className={styles.submit} disabled={!code.trim() || busy} aria-busy={busy || undefined}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {busy ? t('auth.register.confirming') : t('auth.register.confirm')}
          </button>
        </form>
      </div>
    );
  }

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.register.heading')}</h1>
        <p className={styles.sub}>{t('auth.register.intro')}</p>
      </div>
      <form method="post" className={styles.form} onSubmit={onRegister} noValidate aria-busy={busy || undefined}>
        {alert}
        <div className={styles.row}>
          {field('given_name', t('auth.register.givenName'), 'text', 'given-name')}
          {field('family_name', t('auth.register.familyName'), 'text', 'family-name')}
        </div>
        {field('email', t('auth.register.email'), 'email', 'username')}
        <PasswordInput id="register-password" name="password" label={t('auth.register.password')} value={password} onChange={setPassword} describedBy="register-rules" t={t} />
        <PasswordRules id="register-rules" password={password} t={t} />
        <PasswordInput id="register-confirm" name="confirm_password" label={t('auth.register.confirmPassword')} value={confirmation} onChange={setConfirmation} t={t} invalid={confirmation !== '' && confirmation !== password} />
        <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy && <span className={styles.spinner} aria-hidden="true" />}
          {busy ? t('auth.register.submitting') : t('auth.register.submit')}
        </button>
      </form>
      <div className={styles.footer}>
        <span className={styles.hint}>{t('auth.register.haveAccount')}</span>
        <a href="/login" className={styles.back}>
          {t('auth.toLogin')}
        </a>
      </div>
    </div>
  );
}

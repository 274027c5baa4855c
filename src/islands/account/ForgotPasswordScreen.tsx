// /forgot-password (spec 1 §2.4, §5): 1 email; 2 code, new password and confirmation (submit
// enabled only with a code, a password and an equal confirmation); 3 success with a login link.
// The answer to step 1 is the same whether or not the email exists.
import { useMemo, useState, type SubmitEvent } from 'react';
import { confirmForgotPassword, initiateForgotPassword } from '../../lib/api/account';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { PasswordInput, PasswordRules, newPasswordError } from './PasswordFields';
import { SuccessPanel } from './SuccessPanel';
import { errorText } from './flow';
import { useAccountRequest } from './useAccountRequest';
import { BackToLogin } from './BackToLogin';
import styles from './Account.module.css';

type Step = 'email' | 'code' | 'done';

export default function ForgotPasswordScreen({ i18n, initialEmail }: { i18n: IslandI18n; initialEmail?: string }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState(initialEmail ?? '');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { error, setError, busy, run } = useAccountRequest();

  const onEmail = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('common.errors.fillRequired');
      return;
    }
    void run(async () => {
      await initiateForgotPassword({ email: email.trim() });
      setStep('code');
    });
  };

  const canConfirm = code.trim() !== '' && password !== '' && password === confirmation;
  const onConfirm = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = newPasswordError(password, confirmation);
    if (!code.trim()) return setError('common.errors.fillRequired');
    if (problem) return setError(problem);
    void run(async () => {
      await confirmForgotPassword({ email: email.trim(), conf_code: code.trim(), new_password: password });
      setStep('done');
    });
  };

  if (step === 'done') {
    return <SuccessPanel heading={t('auth.forgotPassword.successHeading')} text={t('auth.forgotPassword.successText')} linkLabel={t('auth.toLogin')} />;
  }

  const alert = error && (
    <p className="alert alert--error" role="alert" id="forgot-error">
      {errorText(t, error)}
    </p>
  );

  return (
    <div className={styles.stack}>
      <div>
        <h1 className={styles.heading}>{t('auth.forgotPassword.heading')}</h1>
        <p className={styles.sub} role={step === 'code' ? 'status' : undefined}>
          {step === 'email' ? t('auth.forgotPassword.intro') : t('auth.forgotPassword.codeIntro', { email: email.trim() })}
        </p>
      </div>
      {step === 'email' ? (
        <form method="post" className={styles.form} onSubmit={onEmail} noValidate aria-busy={busy || undefined}>
          {alert}
          <div className="field">
            <label htmlFor="forgot-email">{t('auth.forgotPassword.email')}</label>
            <input id="forgot-email" name="email" className="input" type="email" inputMode="email" autoComplete="username" autoCapitalize="none" spellCheck={false} required value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? 'forgot-error' : undefined} />
          </div>
          <button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {busy ? t('auth.forgotPassword.sending') : t('auth.forgotPassword.send')}
          </button>
        </form>
      ) : (
        <form method="post" className={styles.form} onSubmit={onConfirm} noValidate aria-busy={busy || undefined}>
          {alert}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <div className="field">
            <label htmlFor="forgot-code">{t('auth.forgotPassword.code')}</label>
            <input id="forgot-code" name="conf_code" className="input" type="text" inputMode="numeric" autoComplete="one-time-code" spellCheck={false} required value={code} onChange={(e) => setCode(e.target.value.trim())} />
          </div>
          <PasswordInput id="forgot-password" name="new_password" label={t('auth.forgotPassword.newPassword')} value={password} onChange={setPassword} describedBy="forgot-rules" t={t} />
          <PasswordRules id="forgot-rules" password={password} t={t} />
          <PasswordInput id="forgot-confirm" name="confirm_password" label={t('auth.forgotPassword.confirmPassword')} value={confirmation} onChange={setConfirmation} t={t} invalid={confirmation !== '' && confirmation !== password} />
          <button type="submit" className={styles.submit} disabled={!canConfirm || busy} aria-busy={busy || undefined}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {busy ? t('auth.forgotPassword.submitting') : t('auth.forgotPassword.submit')}
          </button>
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setStep('email');
              setError(null);
              setCode('');
            }}
          >
            {t('auth.forgotPassword.otherEmail')}
          </button>
        </form>
      )}
      <BackToLogin t={t} />
    </div>
  );
}

// New password + confirmation with the live policy of spec 1 §5 (each rule its own key:
// tooShort, missingUpperCase, missingLowerCase, missingNumber, missingSpecial).
import { useState } from 'react';
import { passwordProblems, type PasswordProblem } from '../../lib/validation/password';
import styles from './Account.module.css';

const RULES: Exclude<PasswordProblem, 'empty'>[] = ['tooShort', 'missingUpperCase', 'missingLowerCase', 'missingNumber', 'missingSpecial'];

type T = (key: string, vars?: Record<string, string | number>) => string;

export function isStrongPassword(password: string): boolean {
  return passwordProblems(password).length === 0;
}

export function PasswordRules({ password, t, id }: { password: string; t: T; id: string }) {
  const problems = new Set(passwordProblems(password));
  return (
    <div id={id} className={styles.rules}>
      <p className={styles.rulesTitle}>{t('password.rulesTitle')}</p>
      <ul>
        {RULES.map((rule) => {
          const met = password.length > 0 && !problems.has(rule);
          return (
            <li key={rule} className={met ? styles.ruleMet : styles.rule} data-rule={rule} data-met={met}>
              <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
                {met ? <path d="M20 6 9 17l-5-5" /> : <circle cx="12" cy="12" r="4" />}
              </svg>
              <span>{t(`password.${rule}`)}</span>
              <span className="visually-hidden">({t(met ? 'password.met' : 'password.notMet')})</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function PasswordInput({
  id,
  name,
  label,
  value,
  onChange,
  autoComplete = 'new-password',
  describedBy,
  invalid,
  t,
  required = true,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete?: string;
  describedBy?: string;
  invalid?: boolean;
  t: T;
  required?: boolean;
}) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className={styles.passwordWrap}>
        <input
          id={id}
          name={name}
          className="input"
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          required={required}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="button" className={styles.reveal} aria-pressed={shown} aria-controls={id} onClick={() => setShown((s) => !s)}>
          <span className="visually-hidden">{t(shown ? 'password.hide' : 'password.show')}</span>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round">
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M3 3l18 18" />}
          </svg>
        </button>
      </div>
    </div>
  );
}

/**
 * The spec's check of a new password pair, as the i18n key of the first failure or null:
 * non-empty (common.errors.fillRequired), equal (common.errors.wrongConfirmPassword), strong.
 */
export function newPasswordError(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return 'common.errors.fillRequired';
  if (password !== confirmation) return 'common.errors.wrongConfirmPassword';
  const [first] = passwordProblems(password);
  return first ? `password.${first}` : null;
}

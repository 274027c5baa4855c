// The 6-digit code entry of spec 1 §5 (MFA code: exactly 6 digits, numeric). One input, so screen
// readers, password managers and the one-time-code autofill of phones all see a single field;
// pasting '123 456' or '123-456' keeps the digits only.
import { forwardRef, type ChangeEvent } from 'react';
import styles from './Account.module.css';

export const OTP_LENGTH = 6;

/** Digits of a typed or pasted value, cut to the code length. */
export function codeDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export const isCompleteCode = (code: string) => /^\d{6}$/.test(code);

interface Props {
  id: string;
  label: string;
  hint?: string;
  value: string;
  onChange: (code: string) => void;
  /** id of an error element above the field (spec 1 §2.4: the error shows above the code entry). */
  errorId?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

export const CodeInput = forwardRef<HTMLInputElement, Props>(function CodeInput(
  { id, label, hint, value, onChange, errorId, invalid, disabled, autoFocus },
  ref,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId && invalid ? errorId : null, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        name="code"
        className={`input ${styles.code}`}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={OTP_LENGTH + 4}
        placeholder="••••••"
        spellCheck={false}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(codeDigits(e.target.value))}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
});

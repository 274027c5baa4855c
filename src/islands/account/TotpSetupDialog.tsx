// The authenticator modal (spec 1 §2.4 /setup-mfa, §2.5 #system): QR code, manual secret with a
// copy button ('copied' for 2 s) and the 6-digit code that activates the app
// (PUT /auth/mfa/configure/totp).
import { useEffect, useState, type SubmitEvent } from 'react';
import { verifyTotp } from '../../lib/api/account';
import type { LoginResponse, TotpSetupResponse } from '../../lib/contracts/auth';
import { Modal } from '../ui/Modal';
import { CodeInput, isCompleteCode } from './CodeInput';
import { describeError, errorText } from './flow';
import styles from './Account.module.css';

const COPIED_MS = 2000;

type T = (key: string, vars?: Record<string, string | number>) => string;

/** The secret in groups of four, easier to type into an app by hand. */
export const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpSetupDialog({
  t,
  open,
  onOpenChange,
  setup,
  onActivated,
  submitLabel,
}: {
  t: T;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: TotpSetupResponse | null;
  onActivated: (res: LoginResponse) => void;
  submitLabel?: string;
}) {
  const [code, setCode] = useState('');
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  useEffect(() => {
    if (!open) {
      setCode('');
      setError(null);
    }
  }, [open]);

  const copy = async () => {
    if (!setup) return;
    try {
      await navigator.clipboard.writeText(setup.qr_secret);
      setCopied(true);
    } catch {
      // No clipboard permission: the key stays selectable (user-select: all).
    }
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCompleteCode(code) || busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await verifyTotp({ mfa_token: code });
      onActivated(res);
    } catch (err) {
      const f = describeError(err, 'mfa');
      if (!f.cancelled) setError(f.key);
      setCode('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('auth.setupMfa.modalTitle')} closeLabel={t('auth.setupMfa.cancel')}>
      <div className={styles.qrBlock}>
        <p className={styles.step}>{t('auth.setupMfa.scan')}</p>
        {setup ? (
          <img className={styles.qr} src={setup.qr_uri} alt={t('auth.setupMfa.qrAlt')} width={184} height={184} />
        ) : (
          <div className={styles.qrPlaceholder} role="status">
            <span className={styles.spinnerLarge} aria-hidden="true" />
            <span className="visually-hidden">{t('auth.setupMfa.loadingSecret')}</span>
          </div>
        )}
        <p className={styles.hint}>{t('auth.setupMfa.manual')}</p>
        <div className={styles.secretRow}>
          <code className={styles.secret} data-testid="totp-secret" data-secret={setup?.qr_secret ?? ''}>
            {setup ? groupSecret(setup.qr_secret) : '…'}
          </code>
          <button type="button" className={styles.copyButton} onClick={() => void copy()} disabled={!setup} data-copied={copied}>
            <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              {copied ? (
                <path d="M20 6 9 17l-5-5" />
              ) : (
                <>
                  <rect x="9" y="9" width="13" height="13" rx="2" />
                  <path d="M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1" />
                </>
              )}
            </svg>
            <span aria-live="polite">{copied ? t('auth.setupMfa.copied') : t('auth.setupMfa.copy')}</span>
          </button>
        </div>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <p className={styles.step}>{t('auth.setupMfa.enterCode')}</p>
          {error && (
            <p className="alert alert--error" role="alert" id="totp-error">
              {errorText(t, error)}
            </p>
          )}
          <CodeInput id="totp-code" label={t('auth.codeLabel')} value={code} onChange={setCode} errorId="totp-error" invalid={error !== null} disabled={!setup} />
          <button type="submit" className={styles.submit} disabled={!setup || !isCompleteCode(code) || busy} aria-busy={busy || undefined}>
            {busy && <span className={styles.spinner} aria-hidden="true" />}
            {busy ? t('auth.setupMfa.verifying') : (submitLabel ?? t('auth.setupMfa.verify'))}
          </button>
        </form>
      </div>
    </Modal>
  );
}

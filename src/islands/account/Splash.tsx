// The splash between sign-in and the first page (spec 1 §4.1: splash, then home after ~1.5 s).
import { useEffect } from 'react';
import { SPLASH_REDIRECT_MS } from '../../lib/constants';
import { Logo } from '../ui/Logo';
import styles from '../auth/LoginScreen.module.css';

export function Splash({ to, product, text, continueLabel }: { to: string; product: string; text: string; continueLabel: string }) {
  useEffect(() => {
    const timer = window.setTimeout(() => location.assign(to), SPLASH_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [to]);
  return (
    <div className={styles.splash} role="status" aria-live="polite">
      <span className={styles.splashLogo}>
        <Logo compact size={64} label={product} />
      </span>
      <span className={styles.spinner} aria-hidden="true" />
      <p className={styles.splashText}>{text}</p>
      <a className={styles.continue} href={to}>
        {continueLabel}
      </a>
    </div>
  );
}

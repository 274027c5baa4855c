// The session countdown of spec 1 §4.1: ticks every second, one second short of the remaining
// time, down to the end of the sign-in (not of the 15-minute access token, which the browser
// renews by itself until then). Announced to screen readers only on request (a live region
// ticking every second is noise).
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../../lib/i18n/react';
import { $sessionEndsAt, formatTimer, timerSeconds } from '../../stores/sessionExpiry';
import styles from './SessionTimer.module.css';

export function SessionTimer({ className }: { className?: string }) {
  const { t } = useTranslation();
  const endsAt = useStore($sessionEndsAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (endsAt === null) return null;
  const seconds = timerSeconds(endsAt, now);
  return (
    <p className={[styles.timer, seconds < 300 ? styles.soon : '', className ?? ''].filter(Boolean).join(' ')} title={t('session.timerLabel')} data-testid="session-timer">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2 2M9 2h6" />
      </svg>
      <span>
        {t('session.endsIn')}{' '}
        <time dateTime={`PT${seconds}S`} className={styles.time}>
          {formatTimer(seconds)}
        </time>
      </span>
    </p>
  );
}

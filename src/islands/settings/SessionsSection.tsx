// Settings › #system › your sessions (issue 3 §3): every signed-in browser of the user with its
// device, IP and last activity; the current one is marked; others can be ended one by one or all
// at once.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { endOtherSessions, endSession, listSessions } from '../../lib/api/account';
import { ApiError } from '../../lib/api/client';
import type { SessionSummary } from '../../lib/contracts/auth';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import { describeUserAgent } from './userAgent';
import styles from './Settings.module.css';
import { Icon } from '../ui/Icon';

export function SessionsSection() {
  const { t, i18n } = useTranslation();
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const format = useMemo(() => new Intl.DateTimeFormat(i18n.language === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }), [i18n.language]);

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      const list = await listSessions(signal);
      // The current session first, then the most recently active.
      setSessions([...list].sort((a, b) => Number(b.current) - Number(a.current) || b.last_seen_at.localeCompare(a.last_seen_at)));
      setFailed(false);
    } catch (err) {
      if (!(err instanceof ApiError && err.cancelled)) setFailed(true);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const errorText = (err: unknown) => {
    const key = err instanceof ApiError ? err.i18nKey : 'common.errors.unknownError';
    return t(key) === key ? t('common.errors.inServerResponse') : t(key);
  };

  const end = async (id: string) => {
    setBusy(id);
    try {
      await endSession(id);
      setSessions((list) => list?.filter((s) => s.id !== id) ?? null);
      pushToast({ title: t('settings.system.ended'), variant: 'success' });
    } catch (err) {
      pushToast({ title: t('settings.system.endSession'), description: errorText(err), variant: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const others = sessions?.filter((s) => !s.current) ?? [];
  const endOthers = async () => {
    setBusy('others');
    try {
      await endOtherSessions();
      pushToast({ title: t('settings.system.endedOthers', { count: others.length }), variant: 'success' });
    } catch (err) {
      pushToast({ title: t('settings.system.endOthers'), description: errorText(err), variant: 'error' });
    } finally {
      setBusy(null);
      void load();
    }
  };

  return (
    <section className={styles.card} aria-labelledby="sessions-heading" aria-busy={sessions === null && !failed}>
      <div className={styles.cardHeadRow}>
        <div className={styles.cardHead}>
          <h2 id="sessions-heading" className={styles.cardTitle}>
            {t('settings.system.sessionsHeading')}
          </h2>
          <p className={styles.cardIntro}>{t('settings.system.sessionsIntro')}</p>
        </div>
        {others.length > 0 && (
          <Button variant="secondary" size="sm" onClick={() => void endOthers()} busy={busy === 'others'} disabled={busy !== null}>
            {t('settings.system.endOthers')}
          </Button>
        )}
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {t('settings.system.loadFailed')}
        </p>
      )}
      {sessions && (
        <ul className={styles.sessions}>
          {sessions.map((s) => {
            const device = describeUserAgent(s.user_agent) ?? t('settings.system.unknownDevice');
            return (
              <li key={s.id} className={styles.session} data-testid="session-row" data-current={s.current}>
                <span className={styles.mfaIcon} aria-hidden="true">
                  <Icon name="monitor" />
                </span>
                <div className={styles.sessionText}>
                  <span className={styles.mfaName}>
                    {device}
                    {s.current && <span className={styles.pillOk}>{t('settings.system.current')}</span>}
                  </span>
                  <dl className={styles.sessionMeta}>
                    <div>
                      <dt>{t('settings.system.ip')}</dt>
                      <dd>{s.ip ?? '—'}</dd>
                    </div>
                    <div>
                      <dt>{t('settings.system.lastSeen')}</dt>
                      <dd>
                        <time dateTime={s.last_seen_at}>{format.format(new Date(s.last_seen_at))}</time>
                      </dd>
                    </div>
                    <div>
                      <dt>{t('settings.system.signedIn')}</dt>
                      <dd>
                        <time dateTime={s.signed_in_at}>{format.format(new Date(s.signed_in_at))}</time>
                      </dd>
                    </div>
                  </dl>
                </div>
                {!s.current && (
                  <Button variant="ghost" size="sm" onClick={() => void end(s.id)} busy={busy === s.id} disabled={busy !== null} aria-label={t('settings.system.endSessionFor', { device })}>
                    {t('settings.system.endSession')}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {sessions && others.length === 0 && <p className={styles.hint}>{t('settings.system.noOthers')}</p>}
    </section>
  );
}

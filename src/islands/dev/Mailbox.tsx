// The development mailbox (issue 3 §5): the outbox the server kept instead of sending, newest
// first, so a new user completes every flow without a mail server. Refreshes every 5 s. With the
// mailbox token (from the page's ?token=) it lists every mail; without, the signed-in user's own.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { getMailbox } from '../../lib/api/account';
import type { MailboxMessage } from '../../lib/contracts/auth';
import { createTinyT } from '../../lib/i18n/tiny';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import styles from './Mailbox.module.css';

const POLL_MS = 5000;
const CODE = /\b\d{6}\b/;

export default function Mailbox({ i18n, token }: { i18n: IslandI18n; token?: string }) {
  const t = useMemo(() => createTinyT(i18n), [i18n]);
  const [messages, setMessages] = useState<MailboxMessage[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState('');

  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setMessages(await getMailbox(undefined, signal, token));
      setFailed(false);
    } catch (err) {
      if (!(err instanceof Error && 'cancelled' in err && (err as { cancelled: boolean }).cancelled)) setFailed(true);
    }
  }, [token]);

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = window.setInterval(() => document.visibilityState === 'visible' && void load(), POLL_MS);
    return () => {
      controller.abort();
      window.clearInterval(timer);
    };
  }, [load]);

  const dateFormat = useMemo(() => new Intl.DateTimeFormat(i18n.lng === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.lng]);
  const shown = (messages ?? []).filter((m) => !filter || m.to.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <div className={styles.wrap}>
      <div className={styles.toolbar}>
        <input className="input" type="search" placeholder={t('mailbox.to')} aria-label={t('mailbox.to')} value={filter} onChange={(e) => setFilter(e.target.value)} />
        <button type="button" className={styles.refresh} onClick={() => void load()}>
          {t('mailbox.refresh')}
        </button>
      </div>
      {failed && (
        <p className="alert alert--error" role="alert">
          {t('mailbox.loadFailed')}
        </p>
      )}
      {messages !== null && shown.length === 0 && <p className={styles.empty}>{t('mailbox.empty')}</p>}
      <ol className={styles.list} aria-busy={messages === null || undefined}>
        {shown.map((m) => {
          const code = m.text.match(CODE)?.[0];
          return (
            <li key={m.id} className={styles.mail} data-testid="mail" data-to={m.to}>
              <div className={styles.head}>
                <div className={styles.meta}>
                  <p className={styles.subject}>{m.subject}</p>
                  <p className={styles.to}>
                    {t('mailbox.to')}: <strong>{m.to}</strong>
                  </p>
                </div>
                <time className={styles.time} dateTime={m.created_at}>
                  {dateFormat.format(new Date(m.created_at))}
                </time>
              </div>
              {code && (
                <p className={styles.code} data-testid="mail-code">
                  {code}
                </p>
              )}
              <pre className={styles.body}>{m.text}</pre>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

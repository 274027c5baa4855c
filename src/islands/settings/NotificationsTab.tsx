// Settings #notifications (spec 1 §2.5, §4.4): one email switch per topic the user can see (no
// 'event' for prisma: the server leaves it out) and a select-all switch. Each change is saved at
// once (PUT one topic, PATCH all) and rolled back if the server refuses.
import { useEffect, useState } from 'react';
import type { NotificationSettings } from '../../lib/contracts/notifications';
import type { NotificationTopic } from '../../lib/notification-topics';
import { getNotificationSettings, patchNotificationSettings, putNotificationSettings } from '../../lib/api/notifications';
import { ApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n/react';
import { pushToast } from '../../stores/toasts';
import { Button } from '../ui/Button';
import styles from './Settings.module.css';
import n from '../notifications/Notifications.module.css';

export function NotificationsTab() {
  const { t } = useTranslation();
  const [data, setData] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState<string | null>(null);

  const load = () => {
    setFailed(false);
    const ac = new AbortController();
    getNotificationSettings(ac.signal).then(setData, (err: unknown) => !(err instanceof ApiError && err.cancelled) && setFailed(true));
    return () => ac.abort();
  };
  useEffect(load, []);

  const save = async (key: string, optimistic: NotificationSettings, run: () => Promise<NotificationSettings>) => {
    const before = data;
    setData(optimistic);
    setSaving(key);
    try {
      setData(await run());
    } catch {
      setData(before);
      pushToast({ title: t('settings.notifications.saveFailed'), variant: 'error' });
    } finally {
      setSaving(null);
    }
  };
  const toggle = (topic: NotificationTopic, on: boolean) => {
    if (!data) return;
    const settings = data.settings.map((s) => (s.notification_topic === topic ? { ...s, is_email_enabled: on } : s));
    void save(topic, { is_email_enabled: settings.every((s) => s.is_email_enabled), settings }, () => putNotificationSettings([{ notification_topic: topic, is_email_enabled: on }]));
  };
  const toggleAll = (on: boolean) => {
    if (!data) return;
    void save('all', { is_email_enabled: on, settings: data.settings.map((s) => ({ ...s, is_email_enabled: on })) }, () => patchNotificationSettings(on));
  };

  return (
    <section className={styles.card} aria-labelledby="notif-settings-title">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle} id="notif-settings-title">
          {t('settings.notifications.heading')}
        </h2>
        <p className={styles.hint}>{t('settings.notifications.intro')}</p>
      </div>
      {failed && (
        <div role="alert">
          <p>{t('common.genericError')}</p>
          <Button variant="secondary" size="sm" onClick={load}>
            {t('common.retry')}
          </Button>
        </div>
      )}
      {!data && !failed && <p role="status">{t('common.loading')}</p>}
      {data && (
        <div className={styles.rows} data-testid="notification-settings">
          <label className={`${n.switch} ${n.settingRow} ${n.settingAll}`}>
            <input type="checkbox" role="switch" checked={data.is_email_enabled} disabled={saving !== null} onChange={(e) => toggleAll(e.target.checked)} />
            <span className={n.switchTrack} aria-hidden="true" />
            <span className={n.settingText}>
              <strong>{t('settings.notifications.selectAll')}</strong>
            </span>
          </label>
          {data.settings.map((s) => (
            <label key={s.notification_topic} className={`${n.switch} ${n.settingRow}`}>
              <input
                type="checkbox"
                role="switch"
                checked={s.is_email_enabled}
                disabled={saving !== null}
                onChange={(e) => toggle(s.notification_topic, e.target.checked)}
                aria-describedby={`notif-hint-${s.notification_topic}`}
              />
              <span className={n.switchTrack} aria-hidden="true" />
              <span className={n.settingText}>
                <span>{t(`notifications.topics.${s.notification_topic}`)}</span>
                <span className={n.settingHint} id={`notif-hint-${s.notification_topic}`}>
                  {t(`settings.notifications.topicHint.${s.notification_topic}`)}
                </span>
              </span>
            </label>
          ))}
        </div>
      )}
    </section>
  );
}

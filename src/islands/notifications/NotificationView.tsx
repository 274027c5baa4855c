// A notification opened in the drawer or on its page: loads it, marks it read on opening
// (spec 1 §4.4), shows the body and the action link.
import { useEffect, useState } from 'react';
import type { NotificationItem } from '../../lib/contracts/notifications';
import { getNotification, setNotificationRead } from '../../lib/api/notifications';
import { ApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n/react';
import { ButtonLink } from '../ui/Button';
import { formatNotificationDate } from './format';
import { NotificationBody } from './NotificationBody';
import styles from './Notifications.module.css';

/** Same-site paths only: a notification never sends the user elsewhere from the action button. */
export const safeActionUrl = (url: string | null) => (url && url.startsWith('/') && !url.startsWith('//') ? url : null);

export function NotificationView({
  id,
  onLoaded,
  headingLevel = 2,
}: {
  id: string;
  /** After loading (and marking read): the list and the badge follow. */
  onLoaded?: (item: NotificationItem, wasUnread: boolean) => void;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const [item, setItem] = useState<NotificationItem | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const ac = new AbortController();
    setItem(null);
    setFailed(false);
    (async () => {
      try {
        let n = await getNotification(id, ac.signal);
        const wasUnread = !n.is_read;
        if (wasUnread) n = await setNotificationRead(id, true);
        setItem(n);
        onLoaded?.(n, wasUnread);
      } catch (err) {
        if (err instanceof ApiError && err.cancelled) return;
        setFailed(true);
      }
    })();
    return () => ac.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (failed) {
    return (
      <p className={styles.error} role="alert">
        {t('common.errors.unknownError')}
      </p>
    );
  }
  if (!item) {
    return (
      <div className={styles.viewLoading} role="status">
        <span className={styles.boneTitle} />
        <span className={styles.bone} />
        <span className={styles.bone} />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    );
  }
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const action = safeActionUrl(item.action_url);
  return (
    <article className={styles.view} data-testid="notification-view">
      <p className={styles.viewMeta}>
        <span className={styles.topic}>{t(`notifications.topics.${item.notification_topic}`)}</span>
        <time dateTime={item.date_created}>{formatNotificationDate(item.date_created, item.template_data?.event_category as string | undefined)}</time>
      </p>
      <Heading className={styles.viewTitle}>{item.title}</Heading>
      <NotificationBody markdown={item.body} />
      {action && (
        <p className={styles.viewActions}>
          <ButtonLink href={action} variant="secondary" size="sm" iconName="chevronRight">
            {t('notifications.openAction')}
          </ButtonLink>
        </p>
      )}
    </article>
  );
}

// /notifications/{id} (spec 1 §2.6): the detail page of narrow screens; above 991 px it goes to
// the drawer form of the list (the page's script redirects before hydration).
import { useEffect, useState } from 'react';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import { getNotificationStats } from '../../lib/api/notifications';
import { $unreadCount } from '../../stores/notifications';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { Icon } from '../ui/Icon';
import { NotificationView } from './NotificationView';
import { pageRedirectsToDrawer } from './routes';
import styles from './Notifications.module.css';

function Page({ id }: { id: string }) {
  const { t } = useTranslation();
  const [stay, setStay] = useState(false);
  // Wide screens leave for the drawer form (the page's script); the view loads only when staying,
  // so opening it here does not mark the notification read a second time.
  useEffect(() => setStay(!pageRedirectsToDrawer(window.innerWidth)), [id]);
  return (
    <div className={styles.page}>
      <a href="/notifications" className={styles.back}>
        <Icon name="arrowLeft" size={16} />
        {t('notifications.back')}
      </a>
      {stay && (
        <NotificationView
          id={id}
          headingLevel={1}
          onLoaded={(_, wasUnread) => {
            if (wasUnread) void getNotificationStats().then((s) => $unreadCount.set(s.unread), () => undefined);
          }}
        />
      )}
    </div>
  );
}

export default function NotificationPage({ i18n, id }: { i18n: IslandI18n; id: string }) {
  return (
    <I18nIsland i18n={i18n}>
      <ErrorBoundary>
        <Page id={id} />
      </ErrorBoundary>
    </I18nIsland>
  );
}

// One list item: unread dot, topic, title, excerpt, date; a read toggle (disabled while selecting)
// or, in selection mode, a checkbox.
import type { MouseEvent } from 'react';
import type { NotificationItem } from '../../lib/contracts/notifications';
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { formatNotificationDate } from './format';
import { plainExcerpt } from './markdown';
import { detailPath } from './routes';
import styles from './Notifications.module.css';

export function NotificationRow({
  item,
  selecting,
  selected,
  active,
  onSelect,
  onOpen,
  onToggleRead,
}: {
  item: NotificationItem;
  selecting: boolean;
  selected: boolean;
  active: boolean;
  onSelect: (id: string) => void;
  onOpen: (item: NotificationItem) => void;
  onToggleRead: (item: NotificationItem) => void;
}) {
  const { t } = useTranslation();
  const open = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    if (selecting) onSelect(item.id);
    else onOpen(item);
  };
  const cls = [styles.row, item.is_read ? '' : styles.unread, active ? styles.active : '', selected ? styles.selectedRow : ''].filter(Boolean).join(' ');
  return (
    <li className={cls} data-testid="notification-row" data-read={item.is_read}>
      {selecting && (
        <label className={styles.rowCheck}>
          <input type="checkbox" checked={selected} onChange={() => onSelect(item.id)} aria-label={t('notifications.actions.selectItem', { title: item.title })} />
        </label>
      )}
      <span className={styles.dot} aria-hidden="true" />
      <a href={detailPath(item.id)} className={styles.rowLink} onClick={open} aria-current={active ? 'true' : undefined}>
        <span className={styles.rowHead}>
          <span className={styles.topic} data-testid="notification-topic">
            {t(`notifications.topics.${item.notification_topic}`)}
          </span>
          <time dateTime={item.date_created} className={styles.date}>
            {formatNotificationDate(item.date_created, item.template_data?.event_category as string | undefined)}
          </time>
        </span>
        <span className={styles.rowTitle}>
          {!item.is_read && <span className="visually-hidden">{t('notifications.item.unread')}: </span>}
          {item.title}
        </span>
        <span className={styles.excerpt}>{plainExcerpt(item.body)}</span>
      </a>
      <button
        type="button"
        className={styles.readToggle}
        onClick={() => onToggleRead(item)}
        disabled={selecting}
        aria-label={`${item.is_read ? t('notifications.item.markUnread') : t('notifications.item.markRead')}: ${item.title}`}
        title={item.is_read ? t('notifications.item.markUnread') : t('notifications.item.markRead')}
        data-testid="read-toggle"
      >
        <Icon name={item.is_read ? 'mail' : 'check'} size={16} />
      </button>
    </li>
  );
}

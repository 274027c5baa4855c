// The menu of the sidebar and of the mobile sheet (spec 1 §2.3): module entries, file upload,
// notifications with the unread badge, support, settings and logout.
import type { SubmitEvent, ReactElement, ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { useTranslation } from '../../lib/i18n/react';
import { Icon, isIconName, type IconName } from '../ui/Icon';
import { Tooltip } from '../ui/Tooltip';
import { $unreadCount, badgeLabel } from '../../stores/notifications';
import type { SessionState } from '../../stores/session';
import { isActive, visibleMenu } from './navModel';
import { signOut } from './sessionActions';
import { useMounted } from './useShellEffects';
import styles from './NavItems.module.css';

interface Props {
  session: SessionState;
  /** Server's unread count: shown until hydration is done, so server and client HTML agree. */
  unreadInitial: number;
  pathname: string;
  collapsed?: boolean;
  onOpenUpload: () => void;
  /** Called when a link is followed (the mobile sheet closes). */
  onNavigate?: () => void;
}

function WithTooltip({ show, label, children }: { show: boolean; label: string; children: ReactElement }) {
  return show ? (
    <Tooltip content={label} side="right" delay={150}>
      {children}
    </Tooltip>
  ) : (
    children
  );
}

function ItemContent({
  icon,
  label,
  collapsed,
  badge,
  badgeText,
  trailing,
}: {
  icon: IconName;
  label: string;
  collapsed: boolean;
  badge?: string | null;
  /** Spoken instead of the badge (', 3 unread'); the badge itself is hidden from screen readers. */
  badgeText?: string;
  trailing?: ReactNode;
}) {
  return (
    <>
      <span className={styles.iconWrap}>
        <Icon name={icon} size={20} />
        {badge && collapsed && (
          <span className={styles.dotBadge} aria-hidden="true">
            {badge}
          </span>
        )}
      </span>
      <span className={collapsed ? 'visually-hidden' : styles.label}>
        {label}
        {badge && badgeText && <span className="visually-hidden">{badgeText}</span>}
      </span>
      {badge && !collapsed && (
        <span className={styles.badge} aria-hidden="true">
          {badge}
        </span>
      )}
      {!collapsed && trailing}
    </>
  );
}

export function NavItems({ session, unreadInitial, pathname, collapsed = false, onOpenUpload, onNavigate }: Props) {
  const { t } = useTranslation();
  const liveUnread = useStore($unreadCount);
  const unread = useMounted() ? liveUnread : unreadInitial;
  const badge = badgeLabel(unread);
  const menu = visibleMenu(session);

  const onLogout = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void signOut();
  };

  const link = (href: string, icon: IconName, label: string, active: boolean, opts: { badge?: string | null; badgeText?: string; external?: boolean } = {}) => (
    <WithTooltip show={collapsed} label={label}>
      <a
        href={href}
        className={active ? `${styles.item} ${styles.active}` : styles.item}
        aria-current={active ? 'page' : undefined}
        onClick={opts.external ? undefined : onNavigate}
        {...(opts.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        <ItemContent
          icon={icon}
          label={label}
          collapsed={collapsed}
          badge={opts.badge}
          badgeText={opts.badgeText}
          trailing={opts.external ? <Icon name="external" size={14} className={styles.trailing} /> : undefined}
        />
        {opts.external && <span className="visually-hidden"> ({t('shell.opensInNewTab')})</span>}
      </a>
    </WithTooltip>
  );

  return (
    <nav aria-label={t('shell.mainNavigation')} className={collapsed ? `${styles.nav} ${styles.collapsed}` : styles.nav}>
      <ul className={styles.list}>
        {menu.map((item) => (
          <li key={item.href}>{link(item.href, isIconName(item.icon) ? item.icon : 'compass', t(item.labelKey), isActive(item.href, item.labelKey, pathname))}</li>
        ))}
      </ul>
      <ul className={`${styles.list} ${styles.secondary}`}>
        <li>
          <WithTooltip show={collapsed} label={t('shell.fileUpload')}>
            <button type="button" className={styles.item} onClick={onOpenUpload} aria-haspopup="dialog">
              <ItemContent icon="upload" label={t('shell.fileUpload')} collapsed={collapsed} />
            </button>
          </WithTooltip>
        </li>
        <li>
          {link('/notifications', 'bell', t('shell.notifications'), isActive('/notifications', 'nav.notifications', pathname), {
            badge,
            badgeText: t('shell.unreadSuffix', { count: unread }),
          })}
        </li>
        <li>{link(t('shell.supportUrl'), 'help', t('shell.support'), false, { external: true })}</li>
        {session.permissions.settings && <li>{link('/settings', 'settings', t('shell.settings'), isActive('/settings', 'nav.settings', pathname))}</li>}
        <li>
          <form method="post" action="/logout" onSubmit={onLogout} className={styles.form}>
            <WithTooltip show={collapsed} label={t('shell.logout')}>
              <button type="submit" className={styles.item}>
                <ItemContent icon="logout" label={t('shell.logout')} collapsed={collapsed} />
              </button>
            </WithTooltip>
          </form>
        </li>
      </ul>
    </nav>
  );
}

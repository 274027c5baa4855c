// Desktop sidebar (>= 992 px, spec 1 §2.3): logo, menu, user block; collapsible.
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { Logo } from '../ui/Logo';
import { Icon } from '../ui/Icon';
import { NavItems } from './NavItems';
import { UserMenu } from './UserMenu';
import { SessionTimer } from './SessionTimer';
import type { ShellChromeProps } from './types';
import styles from './Sidebar.module.css';

interface Props extends Pick<ShellChromeProps, 'session' | 'unread' | 'pathname' | 'homeHref' | 'partner' | 'memberships'> {
  collapsed: boolean;
  onToggle: () => void;
  onOpenUpload: () => void;
}

export function Sidebar({ session, unread, pathname, homeHref, partner, memberships, collapsed, onToggle, onOpenUpload }: Props) {
  const { t } = useTranslation();
  const [animated, setAnimated] = useState(false);
  const toggleLabel = collapsed ? t('shell.expandSidebar') : t('shell.collapseSidebar');
  const className = [styles.sidebar, collapsed && styles.collapsed, animated && styles.animated].filter(Boolean).join(' ');
  return (
    <header className={className} id="encore-sidebar" data-collapsed={collapsed || undefined}>
      <div className={styles.brand}>
        <a href={homeHref} className={styles.logoLink}>
          <Logo compact={collapsed} label={t('shell.product')} />
        </a>
        <button type="button" className={styles.toggle} onClick={() => {
            setAnimated(true);
            onToggle();
          }} aria-label={toggleLabel} title={toggleLabel} aria-expanded={!collapsed} aria-controls="encore-sidebar">
          <Icon name={collapsed ? 'chevronsRight' : 'chevronsLeft'} size={18} />
        </button>
      </div>
      <NavItems session={session} unreadInitial={unread} pathname={pathname} collapsed={collapsed} onOpenUpload={onOpenUpload} />
      <div className={styles.user}>
        <UserMenu
          name={session.name}
          email={session.email}
          language={session.language}
          partner={partner}
          memberships={memberships}
          variant={collapsed ? 'avatar' : 'block'}
        />
        {!collapsed && <SessionTimer className={styles.timer} />}
      </div>
    </header>
  );
}

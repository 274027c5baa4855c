// Mobile (< 992 px, spec 1 §2.3): a top bar with menu, back button, title and user icon, and the
// slide-out menu sheet holding the same items as the sidebar.
import { useTranslation } from '../../lib/i18n/react';
import { Icon } from '../ui/Icon';
import { Logo } from '../ui/Logo';
import { Modal } from '../ui/Modal';
import { guardedLeave } from '../../stores/leaveGuard';
import { NavItems } from './NavItems';
import { UserMenu } from './UserMenu';
import type { ShellChromeProps } from './types';
import styles from './MobileBar.module.css';

interface Props extends Pick<ShellChromeProps, 'session' | 'unread' | 'pathname' | 'homeHref' | 'partner' | 'memberships' | 'title'> {
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
  onOpenUpload: () => void;
}

function goBack(homeHref: string) {
  // A form on the page with unsaved input (the phone's sales panel) asks before it is left.
  guardedLeave(() => leave(homeHref));
}

function leave(homeHref: string) {
  const fromHere = document.referrer.startsWith(location.origin);
  if (fromHere && history.length > 1) history.back();
  else location.assign(homeHref);
}

export function MobileBar({ session, unread, pathname, homeHref, partner, memberships, title, menuOpen, onMenuOpenChange, onOpenUpload }: Props) {
  const { t } = useTranslation();
  const atHome = pathname === homeHref;
  return (
    <header className={styles.topbar}>
      <button type="button" className={styles.iconButton} aria-label={t('shell.openMenu')} aria-haspopup="dialog" aria-expanded={menuOpen} onClick={() => onMenuOpenChange(true)}>
        <Icon name="menu" size={22} />
      </button>
      {!atHome && (
        <button type="button" className={styles.iconButton} aria-label={t('shell.back')} onClick={() => goBack(homeHref)}>
          <Icon name="arrowLeft" size={20} />
        </button>
      )}
      <p className={styles.title}>{title}</p>
      <UserMenu name={session.name} email={session.email} language={session.language} partner={partner} memberships={memberships} variant="avatar" align="end" />
      <Modal open={menuOpen} onOpenChange={onMenuOpenChange} title={t('shell.menuTitle')} closeLabel={t('shell.closeMenu')} variant="sheet" hideTitle headerStart={<Logo label={t('shell.product')} />}>
        <div className={styles.sheetNav}>
          <NavItems
            session={session}
            unreadInitial={unread}
            pathname={pathname}
            onNavigate={() => onMenuOpenChange(false)}
            onOpenUpload={() => {
              onMenuOpenChange(false);
              onOpenUpload();
            }}
          />
        </div>
        <div className={styles.sheetUser}>
          <span className={styles.sheetName}>{session.name}</span>
          {partner && <span className={styles.sheetPartner}>{partner.name}</span>}
        </div>
      </Modal>
    </header>
  );
}

// The user and partner menu (spec 1 §2.3): language, partner switch for multi-partner users, and
// logout. It opens upward when less than 120 px of space is left below its trigger.
import { useRef, useState } from 'react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../lib/i18n/react';
import { DROPDOWN_FLIP_SPACE_PX, LANGUAGES, type Language } from '../../lib/constants';
import { isLanguage } from '../../lib/i18n/language';
import { pushToast } from '../../stores/toasts';
import { ApiError } from '../../lib/api/client';
import { Icon } from '../ui/Icon';
import type { ShellPartner } from './types';
import { signOut, switchLanguage, switchPartner } from './sessionActions';
import { SessionTimer } from './SessionTimer';
import styles from './UserMenu.module.css';

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

interface Props {
  name: string;
  email: string;
  language: Language;
  partner: ShellPartner | null;
  memberships: ShellPartner[];
  /** 'block' shows name and partner (sidebar), 'avatar' only the initials (collapsed or mobile). */
  variant: 'block' | 'avatar';
  align?: 'start' | 'end';
}

export function UserMenu({ name, email, language, partner, memberships, variant, align = 'start' }: Props) {
  const { t } = useTranslation();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [side, setSide] = useState<'top' | 'bottom'>('bottom');

  const onOpenChange = (open: boolean) => {
    if (!open || !triggerRef.current) return;
    const below = window.innerHeight - triggerRef.current.getBoundingClientRect().bottom;
    setSide(below < DROPDOWN_FLIP_SPACE_PX ? 'top' : 'bottom');
  };

  const onPartner = async (value: string) => {
    const id = Number(value);
    if (!partner || id === partner.id) return;
    try {
      await switchPartner(id);
    } catch (err) {
      const key = err instanceof ApiError ? err.i18nKey : 'common.errors.unknownError';
      pushToast({ title: t('shell.switchPartner'), description: t(key), variant: 'error' });
    }
  };

  const initials = initialsOf(name);
  return (
    <DropdownMenu.Root onOpenChange={onOpenChange} modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          className={variant === 'block' ? styles.triggerBlock : styles.triggerAvatar}
        >
          <span className="visually-hidden">{t('shell.userMenu', { name })}</span>
          <span className={styles.avatar} aria-hidden="true">
            {initials}
          </span>
          {variant === 'block' && (
            <>
              <span className={styles.who} aria-hidden="true">
                <span className={styles.name}>{name}</span>
                {partner && <span className={styles.partner}>{partner.name}</span>}
              </span>
              <Icon name="chevronUpDown" size={16} className={styles.chevron} />
            </>
          )}
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.content} side={side} align={align} sideOffset={8} collisionPadding={8}>
          <div className={styles.header}>
            <span className={styles.avatarLarge} aria-hidden="true">
              {initials}
            </span>
            <span className={styles.who}>
              <span className={styles.name}>{name}</span>
              <span className={styles.email}>{email}</span>
              {partner && <span className={styles.partnerTag}>{t('shell.partnerLabel', { name: partner.name })}</span>}
            </span>
          </div>
          <SessionTimer className={styles.timer} />
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Label className={styles.label}>{t('shell.language')}</DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={language}
            onValueChange={(value) => {
              if (isLanguage(value) && value !== language) void switchLanguage(value, true);
            }}
          >
            {LANGUAGES.map((lng) => (
              <DropdownMenu.RadioItem key={lng} value={lng} className={styles.item} lang={lng}>
                <Icon name="globe" size={16} className={styles.itemIcon} />
                {t(`languages.${lng}`)}
                <DropdownMenu.ItemIndicator className={styles.indicator}>
                  <Icon name="check" size={16} />
                </DropdownMenu.ItemIndicator>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {memberships.length > 1 && partner && (
            <>
              <DropdownMenu.Separator className={styles.separator} />
              <DropdownMenu.Label className={styles.label}>{t('shell.switchPartner')}</DropdownMenu.Label>
              <DropdownMenu.RadioGroup value={String(partner.id)} onValueChange={(v) => void onPartner(v)}>
                {memberships.map((m) => (
                  <DropdownMenu.RadioItem key={m.id} value={String(m.id)} className={styles.item}>
                    <Icon name="building" size={16} className={styles.itemIcon} />
                    <span className={styles.itemText}>{m.name}</span>
                    <DropdownMenu.ItemIndicator className={styles.indicator}>
                      <Icon name="check" size={16} />
                    </DropdownMenu.ItemIndicator>
                  </DropdownMenu.RadioItem>
                ))}
              </DropdownMenu.RadioGroup>
            </>
          )}
          <DropdownMenu.Separator className={styles.separator} />
          <DropdownMenu.Item className={`${styles.item} ${styles.danger}`} onSelect={() => void signOut()}>
            <Icon name="logout" size={16} className={styles.itemIcon} />
            {t('shell.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

// The event drawer of the events page (spec 3 "Event drawer"): a panel on the right over the list,
// opened from the URL (event-id, drawer-open). It traps focus, closes with Escape or its close
// button and gives focus back to the row (radix Dialog). The detail inside is loaded on first
// open, so its charts never weigh on the list's first paint. The close button is the drawer's
// own (the detail gets no onClose): it is there while the detail loads or fails too.
import { lazy, Suspense, useRef, type ReactNode } from 'react';
import { Dialog } from 'radix-ui';
import type { FrontendStatus } from '../../../lib/contracts/events';
import type { IslandI18n } from '../../../lib/i18n/namespaces';
import { I18nIsland, useTranslation } from '../../../lib/i18n/react';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { Icon } from '../../ui/Icon';
import { useBodyScrollLock } from '../../ui/Modal';
import { guardedLeave } from '../../../stores/leaveGuard';
import styles from './EventDrawer.module.css';

const EventDetail = lazy(() => import('../detail/EventDetail').then((m) => ({ default: m.EventDetail })));

function DetailLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.loading} role="status">
      <span className={styles.boneTitle} />
      <span className={styles.bone} />
      <span className={styles.boxes}>
        <span className={styles.box} />
        <span className={styles.box} />
      </span>
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

export function EventDrawer({
  eventId,
  detailI18n,
  canSales,
  canSimulation,
  canCampaigns,
  onClose,
  onStatusChange,
  title,
  content,
}: {
  eventId: string | null;
  /** The drawer's name for screen readers; the events drawer's by default. */
  title?: string;
  /** What the drawer shows instead of the event detail (the campaigns side's recommendations). */
  content?: (eventId: string) => ReactNode;
  detailI18n: IslandI18n;
  canSales: boolean;
  canSimulation: boolean;
  canCampaigns: boolean;
  onClose: () => void;
  onStatusChange?: (eventId: string, status: FrontendStatus) => void;
}) {
  const { t } = useTranslation();
  const open = eventId !== null;
  useBodyScrollLock(open);
  // radix gives focus back to a Dialog.Trigger; the drawer has none (a row link or a URL opens
  // it), so it remembers what had focus when it opened: the row that was clicked.
  const returnFocus = useRef<HTMLElement | null>(null);
  const captured = useRef(false);
  if (open && !captured.current && typeof document !== 'undefined') {
    captured.current = true;
    returnFocus.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }
  return (
    // Close, Escape and a click outside ask first when a sales panel inside has unsaved input.
    <Dialog.Root open={open} onOpenChange={(next) => !next && guardedLeave(onClose)}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element the CSP refuses (see ui/Modal). */}
        {open && <div className={styles.overlay} aria-hidden="true" />}
        <Dialog.Content
          className={styles.drawer}
          aria-describedby={undefined}
          onKeyDown={(e) => {
            // radix's focus trap wraps Tab and Shift+Tab at its first and last control, but when
            // the focus is on the drawer itself (tabIndex -1: where radix puts it when the focused
            // control disappears) Shift+Tab leaves and is pulled straight back: trapped (issue 20
            // §2.6). From the drawer itself, Shift+Tab goes to its last control.
            if (e.key !== 'Tab' || !e.shiftKey || e.target !== e.currentTarget) return;
            const tabbable = [...e.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter(
              (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
            );
            const last = tabbable[tabbable.length - 1];
            if (last) {
              e.preventDefault();
              last.focus();
            }
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            const target = returnFocus.current;
            returnFocus.current = null;
            captured.current = false;
            if (target?.isConnected) target.focus();
            else document.getElementById('main')?.focus();
          }}
        >
          <div className={styles.bar}>
            <Dialog.Title className="visually-hidden">{title ?? t('events.list.drawerTitle')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('events.list.closeDrawer')}>
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          <div className={styles.body}>
            {eventId && (
              <ErrorBoundary key={eventId}>
                {content ? (
                  content(eventId)
                ) : (
                /* The detail's own strings; it may come from another island's bundle of keys. */
                <I18nIsland i18n={detailI18n}>
                  <Suspense fallback={<DetailLoading />}>
                    <EventDetail
                      eventId={eventId}
                      variant="drawer"
                      i18n={detailI18n}
                      canSales={canSales}
                      canSimulation={canSimulation}
                      canCampaigns={canCampaigns}
                      onStatusChange={(status) => onStatusChange?.(eventId, status)}
                    />
                  </Suspense>
                </I18nIsland>
                )}
              </ErrorBoundary>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

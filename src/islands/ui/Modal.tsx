// Modal dialog and slide-out sheet over radix Dialog: focus trap, Escape, a named title and a
// close button. Content is rendered only while open.
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Dialog } from 'radix-ui';
import { Icon } from './Icon';
import styles from './Modal.module.css';

/**
 * What had focus when a dialog opened, given back when it closes (WCAG 2.4.3). radix does it only
 * for a Dialog.Trigger; our dialogs are opened by ordinary buttons and often unmounted by their
 * parent on save, so the opener is remembered here. Pass the result to Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean, fallback?: RefObject<HTMLElement | null>): (e: Event) => void {
  const opener = useRef<HTMLElement | null>(null);
  const captured = useRef(false);
  if (open && !captured.current && typeof document !== 'undefined') {
    captured.current = true;
    opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }
  if (!open) captured.current = false;
  return (e: Event) => {
    // A dialog opened from a menu item: the item is gone once the menu closed; the caller names
    // what stands for it (the menu's trigger).
    const target = opener.current?.isConnected ? opener.current : (fallback?.current ?? null);
    opener.current = null;
    captured.current = false;
    if (target?.isConnected) {
      e.preventDefault();
      target.focus();
    }
  };
}

/** Keeps the page behind an open modal from scrolling (CSSOM only, allowed by the CSP). */
export function useBodyScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // The padding stands in for the scrollbar that hiding the overflow removes: measured as the
    // width the page gains, not as innerWidth - clientWidth, which on a phone whose layout is wider
    // than the screen (or with overlay scrollbars) is no scrollbar at all (issue 20 §2.4: 539 px).
    const before = documentElement.clientWidth;
    body.style.overflow = 'hidden';
    const gap = documentElement.clientWidth - before;
    if (gap > 0 && gap < 40) body.style.paddingRight = `${gap}px`;
    return () => {
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
    };
  }, [locked]);
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  variant = 'dialog',
  hideTitle = false,
  headerStart,
  wide = false,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  closeLabel: string;
  children?: ReactNode;
  /** 'sheet' slides in from the left edge (mobile menu). */
  variant?: 'dialog' | 'sheet';
  hideTitle?: boolean;
  /** Shown at the start of the header row (e.g. the logo in the menu sheet). */
  headerStart?: ReactNode;
  /** A wider dialog for a form of several columns. */
  wide?: boolean;
  /** Where focus goes back to when what opened the dialog is gone (a menu item: its menu's trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
}) {
  useBodyScrollLock(open);
  const returnFocus = useReturnFocus(open, returnFocusTo);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* Not Dialog.Overlay: its scroll lock injects a <style> element, which the page's
            Content-Security-Policy (hashes only) refuses. The lock below uses the CSSOM instead. */}
        <div className={styles.overlay} aria-hidden="true" />
        <Dialog.Content onCloseAutoFocus={returnFocus} className={variant === 'sheet' ? styles.sheet : wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}>
          <div className={styles.header}>
            {headerStart}
            <Dialog.Title className={hideTitle ? 'visually-hidden' : styles.title}>{title}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={closeLabel}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
          )}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

// Tooltip wrapper over radix Tooltip. spec 1 §2.3: a tooltip shows above its element and flips
// below when there is little space above; radix collision handling covers the window edges.
import { useRef, useState, type ReactElement, type ReactNode } from 'react';
import { Tooltip as RTooltip } from 'radix-ui';
import styles from './Tooltip.module.css';

/** Space (px) above the trigger below which the tooltip opens underneath (spec 1 §2.3: ~148–280). */
export const TOOLTIP_FLIP_SPACE_PX = 148;

export function Tooltip({
  content,
  children,
  side: preferred = 'top',
  delay = 300,
}: {
  content: ReactNode;
  /** One focusable element (a button, a link, or a span with tabIndex for disabled controls). */
  children: ReactElement;
  side?: 'top' | 'right' | 'bottom' | 'left';
  delay?: number;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [side, setSide] = useState(preferred);
  const onOpenChange = (open: boolean) => {
    if (!open || preferred !== 'top' || !triggerRef.current) return;
    setSide(triggerRef.current.getBoundingClientRect().top < TOOLTIP_FLIP_SPACE_PX ? 'bottom' : 'top');
  };
  return (
    <RTooltip.Provider delayDuration={delay}>
      <RTooltip.Root onOpenChange={onOpenChange}>
        <RTooltip.Trigger asChild ref={triggerRef}>
          {children}
        </RTooltip.Trigger>
        <RTooltip.Portal>
          <RTooltip.Content side={side} sideOffset={6} collisionPadding={8} className={styles.content}>
            {content}
            <RTooltip.Arrow className={styles.arrow} width={10} height={5} />
          </RTooltip.Content>
        </RTooltip.Portal>
      </RTooltip.Root>
    </RTooltip.Provider>
  );
}

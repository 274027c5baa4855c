// One placement of one variation (spec 2 §2 Ad preview modal): the rendering in a sandboxed
// iframe and, in setup mode, the overlay that disables or enables the variation (a click, or a
// double tap within 300 ms on touch screens so a single tap can still scroll).
import { useRef, useState, type PointerEvent } from 'react';
import type { PreviewItem } from '../../../../lib/contracts/ad-previews';
import { useTranslation } from '../../../../lib/i18n/react';
import { tapDecision } from './previewPaging';
import styles from './PreviewModal.module.css';

interface Props {
  item: PreviewItem;
  enabled: boolean;
  /** Absent in view mode: no overlay. */
  onToggle?(enabled: boolean): void;
}

export function PreviewCard({ item, enabled, onToggle }: Props) {
  const { t } = useTranslation();
  const pointer = useRef('mouse');
  const lastTap = useRef<number | null>(null);
  const [armed, setArmed] = useState(false);
  const placement = t(`campaigns.wizard.previews.placements.${item.placement}`);
  const label = enabled ? t('campaigns.wizard.previews.disable', { code: item.variation }) : t('campaigns.wizard.previews.enable', { code: item.variation });

  const onClick = () => {
    const d = tapDecision(pointer.current, Date.now(), lastTap.current);
    lastTap.current = d.lastTap;
    setArmed(d.lastTap !== null);
    if (d.toggle) onToggle?.(!enabled);
  };

  return (
    <figure className={`${styles.card} ${styles[item.placement]} ${enabled ? '' : styles.cardOff}`} data-variation={item.variation} data-placement={item.placement}>
      <figcaption className={styles.cardHead}>
        <span className={styles.code}>{t('campaigns.wizard.previews.variation', { code: item.variation })}</span>
        <span className={styles.placement}>{placement}</span>
        {!enabled && <span className={styles.offBadge}>{t('campaigns.wizard.previews.disabledBadge')}</span>}
      </figcaption>
      <div className={styles.frameBox}>
        {item.iframe_src ? (
          // Meta's own preview needs its scripts on its own origin.
          <iframe className={styles.frame} title={`${placement} · ${item.variation}`} src={item.iframe_src} sandbox="allow-scripts allow-same-origin allow-popups" loading="lazy" referrerPolicy="no-referrer" tabIndex={-1} />
        ) : (
          // Our rendering: no scripts may run; same origin only so its images and stylesheet load.
          <iframe className={styles.frame} title={`${placement} · ${item.variation}`} srcDoc={item.html} sandbox="allow-same-origin" loading="lazy" tabIndex={-1} />
        )}
        {onToggle && (
          <button
            type="button"
            className={`${styles.overlay} ${armed ? styles.overlayArmed : ''}`}
            aria-label={label}
            aria-pressed={!enabled}
            onPointerDown={(e: PointerEvent) => {
              pointer.current = e.pointerType;
            }}
            onClick={onClick}
          >
            <span className={styles.overlayText}>
              {pointer.current === 'touch' || armed
                ? t(enabled ? 'campaigns.wizard.previews.doubleTapDisable' : 'campaigns.wizard.previews.doubleTapEnable')
                : label}
            </span>
          </button>
        )}
      </div>
    </figure>
  );
}

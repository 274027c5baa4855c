// Toasts at the bottom left (spec 1 §2.3): title, description, success or error variant,
// auto-hide after 60 s with a 500 ms transition. Islands call pushToast() from src/stores/toasts.
import { useState } from 'react';
import { Toast as RToast } from 'radix-ui';
import { useStore } from '@nanostores/react';
import { TOAST_HIDE_MS, TOAST_TRANSITION_MS } from '../../lib/constants';
import { I18nIsland, useTranslation } from '../../lib/i18n/react';
import type { IslandI18n } from '../../lib/i18n/namespaces';
import { $toasts, dismissToast, type Toast } from '../../stores/toasts';
import { Icon } from './Icon';
import styles from './Toaster.module.css';

function ToastItem({ toast, dismissLabel }: { toast: Toast; dismissLabel: string }) {
  const [open, setOpen] = useState(true);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Leave the store once the closing transition has played.
    if (!next) setTimeout(() => dismissToast(toast.id), TOAST_TRANSITION_MS);
  };
  return (
    <RToast.Root
      open={open}
      onOpenChange={onOpenChange}
      duration={TOAST_HIDE_MS}
      type={toast.variant === 'error' ? 'foreground' : 'background'}
      className={`${styles.toast} ${styles[toast.variant]}`}
    >
      <span className={styles.icon}>
        <Icon name={toast.variant === 'error' ? 'alert' : toast.variant === 'success' ? 'check' : 'bell'} size={18} />
      </span>
      <div className={styles.text}>
        <RToast.Title className={styles.title}>{toast.title}</RToast.Title>
        {toast.description && <RToast.Description className={styles.description}>{toast.description}</RToast.Description>}
      </div>
      <RToast.Close className={styles.close} aria-label={dismissLabel}>
        <Icon name="close" size={16} />
      </RToast.Close>
    </RToast.Root>
  );
}

function Toasts() {
  const toasts = useStore($toasts);
  const { t } = useTranslation();
  return (
    <RToast.Provider duration={TOAST_HIDE_MS} swipeDirection="left" label={t('toasts.region')}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismissLabel={t('toasts.dismiss')} />
      ))}
      {/* The viewport names its region itself (radix default: English 'Notifications ({hotkey})'). */}
      <RToast.Viewport className={styles.viewport} label={`${t('toasts.region')} ({hotkey})`} />
    </RToast.Provider>
  );
}

/** Mount once per page with `client:only="react"` (nothing to render on the server). */
export default function Toaster({ i18n }: { i18n: IslandI18n }) {
  return (
    <I18nIsland i18n={i18n}>
      <Toasts />
    </I18nIsland>
  );
}

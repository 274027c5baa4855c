// The shared link (spec 1 §2.5, §7 anonymous auth): a one-time link for an outside asset owner
// who connects their Meta assets to this partner without an account. Created on opening.
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { ApiError } from '../../../lib/api/client';
import { createShareLink } from '../../../lib/api/metaConnect';
import type { AnonymousLink } from '../../../lib/contracts/meta-connect';
import { Button } from '../../ui/Button';
import { Modal } from '../../ui/Modal';
import styles from './MetaAccess.module.css';

export function ShareLinkDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [link, setLink] = useState<AnonymousLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    createShareLink().then(setLink, (err) => setError(err instanceof ApiError ? t('toasts.meta.anonymousCodeFailed') : t('common.errors.inServerResponse')));
  }, [t]);

  const url = link ? new URL(link.url, location.origin).toString() : '';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // Without clipboard access the field stays selected for a manual copy.
      (document.getElementById('meta-share-url') as HTMLInputElement | null)?.select();
    }
  };

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('settings.meta.share.title')} description={t('settings.meta.share.desc')} closeLabel={t('common.close')}>
      <div className={styles.share}>
        {error && <p className={styles.error} role="alert">{error}</p>}
        {!link && !error && <p className={styles.muted}>{t('common.loading')}</p>}
        {link && (
          <>
            <label className={styles.field}>
              <span>{t('settings.meta.share.label')}</span>
              <input id="meta-share-url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} data-testid="meta-share-url" />
            </label>
            <p className={styles.muted}>{t('settings.meta.share.expires', { date: new Date(link.expires_at).toLocaleString() })}</p>
            <div className={styles.actions}>
              <Button onClick={copy}>{copied ? t('settings.meta.share.copied') : t('settings.meta.share.copy')}</Button>
              <Button variant="ghost" onClick={onClose}>
                {t('common.close')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Modal>
  );
}

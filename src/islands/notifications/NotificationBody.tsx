// A notification's markdown body, rendered sanitised (markdown.ts). Attachment links download
// through GET /attachment so the browser never fetches anything but our own storage.
import { useEffect, useState, type MouseEvent } from 'react';
import { downloadAttachment } from '../../lib/api/notifications';
import { ApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n/react';
import { plainExcerpt, renderMarkdown } from './markdown';
import styles from './Notifications.module.css';

export function NotificationBody({ markdown }: { markdown: string }) {
  const { t } = useTranslation();
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setHtml(null);
    renderMarkdown(markdown).then(
      (h) => live && setHtml(h),
      () => live && setHtml(''),
    );
    return () => {
      live = false;
    };
  }, [markdown]);

  const onClick = async (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a[data-attachment]');
    if (!a) return;
    e.preventDefault();
    setError(null);
    const href = a.getAttribute('href') ?? '';
    const url = new URLSearchParams(href.slice(href.indexOf('?'))).get('url') ?? '';
    try {
      await downloadAttachment(url);
    } catch (err) {
      const key = err instanceof ApiError ? err.i18nKey : 'notifications.attachmentFailed';
      setError(t(key) === key ? t('notifications.attachmentFailed') : t(key));
    }
  };

  if (html === null) return <p className={styles.bodyText}>{plainExcerpt(markdown, 10_000)}</p>;
  return (
    <>
      {/* Sanitised by DOMPurify (markdown.ts): only a short tag list, http(s)/mailto/same-site links. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegation for links, which are keyboard-operable themselves */}
      <div className={styles.markdown} data-testid="notification-body" onClick={onClick} dangerouslySetInnerHTML={{ __html: html || '' }} />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </>
  );
}

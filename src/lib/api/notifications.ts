// spec 1 §7 "Notifications": the calls of the notifications page, its drawer and the settings tab.
import type {
  NotificationItem,
  NotificationList,
  NotificationSettingEntry,
  NotificationSettings,
  NotificationStats,
  NotificationTopics,
} from '../contracts/notifications';
import type { NotificationTopic } from '../notification-topics';
import { call, mainApi, toApiError } from './client';

export interface ListParams {
  page: number;
  limit: number;
  unreadOnly: boolean;
  topics: readonly NotificationTopic[];
}

export function listSearch(p: ListParams): URLSearchParams {
  const s = new URLSearchParams({ page: String(p.page), limit: String(p.limit) });
  if (p.unreadOnly) s.set('is_read', 'false');
  for (const t of p.topics) s.append('notification_topics', t);
  return s;
}

const enc = encodeURIComponent;

export const listNotifications = (p: ListParams, signal?: AbortSignal) => call<NotificationList>(mainApi, '/notifications', { searchParams: listSearch(p), signal });
export const getNotification = (id: string, signal?: AbortSignal) => call<NotificationItem>(mainApi, `/notifications/${enc(id)}`, { signal });
export const setNotificationRead = (id: string, isRead: boolean) => call<NotificationItem>(mainApi, `/notifications/${enc(id)}`, { method: 'put', json: { is_read: isRead } });
/** ids null: every notification of the user (spec 1 §4.4 "mark all as read"). */
export const setManyRead = (ids: string[] | null, isRead = true) => call<{ updated: number }>(mainApi, '/notifications', { method: 'patch', json: { is_read: isRead, ids } });
export const getNotificationStats = (signal?: AbortSignal) => call<NotificationStats>(mainApi, '/notifications/stats', { signal });
export const getNotificationTopics = (signal?: AbortSignal) => call<NotificationTopics>(mainApi, '/notifications/topics', { signal });
export const getNotificationSettings = (signal?: AbortSignal) => call<NotificationSettings>(mainApi, '/notifications/settings', { signal });
export const putNotificationSettings = (list: NotificationSettingEntry[]) => call<NotificationSettings>(mainApi, '/notifications/settings', { method: 'put', json: list });
export const patchNotificationSettings = (on: boolean) => call<NotificationSettings>(mainApi, '/notifications/settings', { method: 'patch', json: { is_email_enabled: on } });

/** spec 1 §7 attachment download: a blob saved under the server's file name. */
/** The file name of a Content-Disposition header: RFC 5987 `filename*` (UTF-8) first, then `filename`. */
export function dispositionFilename(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim() ?? null;
}

export async function downloadAttachment(url: string): Promise<void> {
  try {
    const res = await mainApi('attachment', { searchParams: { url } });
    const blob = await res.blob();
    const name = dispositionFilename(res.headers.get('content-disposition')) ?? 'attachment';
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    a.click();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  } catch (err) {
    throw await toApiError(err);
  }
}

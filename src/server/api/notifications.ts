// spec 1 §7 "Notifications": list, detail, read state, stats, topics and email settings of the
// signed-in user at the chosen partner; plus the attachment download of §2.6.
import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { LANGUAGE_COOKIE } from '../../lib/constants';
import { pickLanguage } from '../../lib/i18n/language';
import {
  AttachmentQuery,
  BulkUpdateNotificationsRequest,
  NotificationId,
  NotificationListQuery,
  PatchNotificationSettingsRequest,
  PutNotificationSettingsRequest,
  UpdateNotificationRequest,
} from '../../lib/contracts/notifications';
import { visibleTopics } from '../../lib/notification-topics';
import { resolveAttachmentUrl } from '../modules/notifications/attachment';
import { openOwnObject } from '../modules/storage/uploads';
import { Readable } from 'node:stream';
import {
  bulkSetRead,
  getNotification,
  getSettings,
  listNotifications,
  notificationStats,
  patchSettings,
  putSettings,
  setNotificationRead,
  type Owner,
} from '../modules/notifications/repo';
import type { Env } from './env';
import { partnerViewerOf } from './middleware';
import { validate } from './validate';

function ownerOf(c: Context<Env>): Owner {
  const v = partnerViewerOf(c);
  // The reader's language now, as the page picks it (the interface's choice first), so a
  // notification reads in the language the rest of the screen is in.
  const language = pickLanguage(getCookie(c, LANGUAGE_COOKIE), v.language, c.req.header('accept-language'));
  return { userId: v.userId, partnerId: v.partner.id, product: v.partner.product, language };
}

export const notificationsRouter = new Hono<Env>()
  .get('/settings', async (c) => c.json(await getSettings(c.var.db, ownerOf(c))))
  .put('/settings', validate('json', PutNotificationSettingsRequest), async (c) => c.json(await putSettings(c.var.db, ownerOf(c), c.req.valid('json'))))
  .patch('/settings', validate('json', PatchNotificationSettingsRequest), async (c) =>
    c.json(await patchSettings(c.var.db, ownerOf(c), c.req.valid('json').is_email_enabled)),
  )
  .get('/stats', async (c) => c.json(await notificationStats(c.var.db, ownerOf(c))))
  .get('/topics', (c) => c.json({ topics: visibleTopics(ownerOf(c).product) }))
  .get('/', validate('query', NotificationListQuery), async (c) => {
    const q = c.req.valid('query');
    const topics = [...new Set([...q.notification_topics, ...q['notification_topics[]']])];
    return c.json(await listNotifications(c.var.db, ownerOf(c), { page: q.page, limit: q.limit, isRead: q.is_read, topics }));
  })
  .patch('/', validate('json', BulkUpdateNotificationsRequest), async (c) => c.json(await bulkSetRead(c.var.db, ownerOf(c), c.req.valid('json'))))
  .get('/:id', validate('param', NotificationId), async (c) => c.json(await getNotification(c.var.db, ownerOf(c), c.req.valid('param').id)))
  .put('/:id', validate('param', NotificationId), validate('json', UpdateNotificationRequest), async (c) =>
    c.json(await setNotificationRead(c.var.db, ownerOf(c), c.req.valid('param').id, c.req.valid('json').is_read)),
  );

export const attachmentRouter = new Hono<Env>().get('/', validate('query', AttachmentQuery), async (c) => {
  const partnerId = partnerViewerOf(c).partner.id;
  const { key } = resolveAttachmentUrl(c.req.valid('query').url);
  const file = await openOwnObject(c.var.db, partnerId, key);
  // Always a download, never rendered in our origin (an uploaded HTML or SVG must not run here).
  return new Response(Readable.toWeb(file.body) as ReadableStream, {
    headers: {
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      // A plain ASCII name for old clients, the exact UTF-8 name (RFC 5987) for the rest.
      'Content-Disposition': `attachment; filename="${file.name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
});

// The calls of spec 1 §7 "Notifications" for one user at one partner. Every query carries both
// ids, so another user's (or partner's) notification is simply not found.
import { and, count, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, notificationSettings } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Language } from '../../../lib/constants';
import { clientTemplateData, renderedCopy } from './render';
import { NOTIFICATION_TOPICS, visibleTopics, type NotificationTopic } from '../../../lib/notification-topics';
import type {
  BulkUpdateNotificationsRequest,
  NotificationItem,
  NotificationList,
  NotificationSettings,
  NotificationStats,
} from '../../../lib/contracts/notifications';

export interface Owner {
  userId: string;
  partnerId: number;
  product: 'prisma' | 'full-service';
  /** The reader's language now: notifications made from a template are rendered in it. */
  language: Language;
}

type Row = typeof notifications.$inferSelect;

export function toItem(r: Row, language: Language): NotificationItem {
  const copy = renderedCopy(r, language);
  return {
    id: r.id,
    title: copy.title,
    body: copy.body,
    action_url: r.actionUrl,
    notification_topic: r.topic as NotificationTopic,
    is_read: r.isRead,
    date_created: r.createdAt.toISOString(),
    template_data: clientTemplateData(r.templateData) as NotificationItem['template_data'],
  };
}

/** The owner's rows in topics they can see (a prisma user never sees 'event' rows). */
function ownedBy(o: Owner): SQL {
  const hidden = NOTIFICATION_TOPICS.filter((t) => !visibleTopics(o.product).includes(t));
  // Only a product with hidden topics filters by topic: the plain case stays an index range.
  return and(
    eq(notifications.userId, o.userId),
    eq(notifications.partnerId, o.partnerId),
    hidden.length ? notInArray(notifications.topic, hidden) : undefined,
  )!;
}

export interface ListQuery {
  page: number;
  limit: number;
  isRead?: boolean;
  topics: NotificationTopic[];
}

export async function listNotifications(db: Db, o: Owner, q: ListQuery): Promise<NotificationList> {
  const where = and(
    ownedBy(o),
    q.isRead === undefined ? undefined : eq(notifications.isRead, q.isRead),
    q.topics.length ? inArray(notifications.topic, q.topics) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  const pages = Math.ceil(total / q.limit);
  return {
    total,
    limit: q.limit,
    page: q.page,
    pages,
    nextPage: q.page < pages ? q.page + 1 : null,
    prevPage: q.page > 1 ? Math.min(q.page - 1, Math.max(pages, 1)) : null,
    items: rows.map((r) => toItem(r, o.language)),
  };
}

export async function getNotification(db: Db, o: Owner, id: string): Promise<NotificationItem> {
  const [row] = await db.select().from(notifications).where(and(ownedBy(o), eq(notifications.id, id))).limit(1);
  if (!row) throw notFound('Notification');
  return toItem(row, o.language);
}

export async function setNotificationRead(db: Db, o: Owner, id: string, isRead: boolean): Promise<NotificationItem> {
  const [row] = await db.update(notifications).set({ isRead }).where(and(ownedBy(o), eq(notifications.id, id))).returning();
  if (!row) throw notFound('Notification');
  return toItem(row, o.language);
}

/** PATCH /notifications: the given ids (others' ids are ignored) or, with none, all of them. */
export async function bulkSetRead(db: Db, o: Owner, req: BulkUpdateNotificationsRequest): Promise<{ updated: number }> {
  const rows = await db
    .update(notifications)
    .set({ isRead: req.is_read })
    .where(and(ownedBy(o), eq(notifications.isRead, !req.is_read), req.ids ? inArray(notifications.id, req.ids) : undefined))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function notificationStats(db: Db, o: Owner): Promise<NotificationStats> {
  const [r] = await db
    .select({ total: count(), unread: sql<number>`count(*) filter (where ${notifications.isRead} = false)`.mapWith(Number) })
    .from(notifications)
    .where(ownedBy(o));
  return { total: r.total, unread: r.unread };
}

export async function getSettings(db: Db, o: Owner): Promise<NotificationSettings> {
  const stored = await db
    .select({ topic: notificationSettings.topic, on: notificationSettings.isEmailEnabled })
    .from(notificationSettings)
    .where(and(eq(notificationSettings.userId, o.userId), eq(notificationSettings.partnerId, o.partnerId)));
  const byTopic = new Map(stored.map((s) => [s.topic, s.on]));
  const settings = visibleTopics(o.product).map((t) => ({ notification_topic: t, is_email_enabled: byTopic.get(t) ?? true }));
  return { is_email_enabled: settings.every((s) => s.is_email_enabled), settings };
}

async function upsertSettings(db: Db, o: Owner, entries: { topic: NotificationTopic; on: boolean }[]): Promise<void> {
  if (!entries.length) return;
  await db
    .insert(notificationSettings)
    .values(entries.map((e) => ({ userId: o.userId, partnerId: o.partnerId, topic: e.topic, isEmailEnabled: e.on })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.partnerId, notificationSettings.topic],
      set: { isEmailEnabled: sql`excluded.is_email_enabled`, updatedAt: sql`now()` },
    });
}

/** PUT: the listed topics; a topic the user cannot see (prisma 'event') is not found. */
export async function putSettings(db: Db, o: Owner, list: { notification_topic: NotificationTopic; is_email_enabled: boolean }[]): Promise<NotificationSettings> {
  const visible = visibleTopics(o.product);
  const hidden = list.find((e) => !visible.includes(e.notification_topic));
  if (hidden) throw notFound(`Notification topic ${hidden.notification_topic}`);
  await upsertSettings(db, o, list.map((e) => ({ topic: e.notification_topic, on: e.is_email_enabled })));
  return getSettings(db, o);
}

/** PATCH: every topic on or off at once (the select-all switch). */
export async function patchSettings(db: Db, o: Owner, on: boolean): Promise<NotificationSettings> {
  await upsertSettings(db, o, visibleTopics(o.product).map((topic) => ({ topic, on })));
  return getSettings(db, o);
}

// spec 1 §3 Notification, list response, stats and settings; §7 "Notifications" calls.
// The browser imports these type-only (no zod in browser bundles); the constants live in
// notification-topics.ts for the same reason.
import { z } from 'zod';
import { text } from './common';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../notification-topics';

export { NOTIFICATION_TOPICS, type NotificationTopic };

export const NotificationTopicSchema = z.enum(NOTIFICATION_TOPICS);

/** spec 1 §9 */
export const NOTIFICATIONS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export interface NotificationItem {
  id: string;
  title: string;
  /** Markdown as the producer wrote it; the browser renders it sanitised. */
  body: string;
  action_url: string | null;
  notification_topic: NotificationTopic;
  is_read: boolean;
  /** ISO 8601 */
  date_created: string;
  template_data: { event_category?: string; [key: string]: unknown } | null;
}

export interface NotificationList {
  total: number;
  limit: number;
  page: number;
  pages: number;
  nextPage: number | null;
  prevPage: number | null;
  items: NotificationItem[];
}

export interface NotificationStats {
  total: number;
  unread: number;
}

export interface NotificationSettingEntry {
  notification_topic: NotificationTopic;
  is_email_enabled: boolean;
}

export interface NotificationSettings {
  /** True when every topic the user sees mails them. */
  is_email_enabled: boolean;
  settings: NotificationSettingEntry[];
}

export interface NotificationTopics {
  topics: NotificationTopic[];
}

// Repeated keys arrive as arrays, single ones as strings.
const many = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter((s) => s !== ''));

export const NotificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  /** spec 1 §7: the unread-only toggle sends is_read=false. */
  is_read: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  notification_topics: many.pipe(z.array(NotificationTopicSchema).max(NOTIFICATION_TOPICS.length * 2)),
  'notification_topics[]': many.pipe(z.array(NotificationTopicSchema).max(NOTIFICATION_TOPICS.length * 2)),
});
export type NotificationListQueryInput = z.input<typeof NotificationListQuery>;

export const NotificationId = z.object({ id: z.uuid() });

export const UpdateNotificationRequest = z.object({ is_read: z.boolean() }).strict();

/** PATCH /notifications: ids null (or absent) means every notification of the user. */
export const BulkUpdateNotificationsRequest = z
  .object({
    is_read: z.boolean(),
    ids: z.array(z.uuid()).min(1).max(1000).nullable().optional(),
  })
  .strict();
export type BulkUpdateNotificationsRequest = z.infer<typeof BulkUpdateNotificationsRequest>;

export const PutNotificationSettingsRequest = z
  .array(z.object({ notification_topic: NotificationTopicSchema, is_email_enabled: z.boolean() }).strict())
  .min(1)
  .max(NOTIFICATION_TOPICS.length)
  // One entry per topic: two would be one upsert touching the same row twice (a 500, found by the route fuzz).
  .refine((list) => new Set(list.map((e) => e.notification_topic)).size === list.length, { message: 'Each topic may appear once' });

export const PatchNotificationSettingsRequest = z.object({ is_email_enabled: z.boolean() }).strict();

export const AttachmentQuery = z.object({ url: text().max(2000).optional() });

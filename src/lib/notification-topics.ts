// Notification topics (spec 1 §3 notification_topic), shared by browser and server.
export const NOTIFICATION_TOPICS = ['sales', 'event', 'upload', 'campaign', 'package'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** spec 1 §4.4: the prisma product has no demand prediction, so no 'event' topic. */
export function visibleTopics(product: 'prisma' | 'full-service'): NotificationTopic[] {
  return NOTIFICATION_TOPICS.filter((t) => !(product === 'prisma' && t === 'event'));
}

/** spec 1 §2.6: the date only (no time) for the product category. */
export const DATE_ONLY_NOTIFICATION_CATEGORIES: readonly string[] = ['product'];

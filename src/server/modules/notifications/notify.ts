// The notification service other modules call (issue 6 "Producers"): one row per recipient in
// the recipient's language, and a mail for those whose email setting for the topic is on. Mails
// go through the task queue so a producer's request never waits on the mail transport.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { memberships, notifications, notificationSettings, partners, permissions, users } from '../../db/schema';
import { LANGUAGES, type Language, type PermissionName } from '../../../lib/constants';
import { visibleTopics } from '../../../lib/notification-topics';
import { config } from '../../config';
import { queueMail } from '../mail/outbox';
import { registerTask, PermanentTaskError } from '../tasks/registry';
import { enqueueTask } from '../tasks/repo';
import { TEMPLATES, renderTemplate, type TemplateName, type TemplateVars } from './templates';
import { renderedCopy, withTemplate } from './render';
import { now as clockNow } from '../../lib/clock';

export const NOTIFICATION_MAIL = 'notifications.mail';

export interface NotifyInput {
  partnerId: number;
  /** Explicit recipients, or every active member of the partner holding this permission. */
  to: { userIds: string[] } | { permission: PermissionName };
  template: TemplateName;
  vars?: TemplateVars;
  actionUrl?: string | null;
  /** Stored as template_data (event_category decides the date format, spec 1 §2.6). */
  templateData?: Record<string, unknown> | null;
}

export interface NotifyResult {
  created: number;
  mailed: number;
}

async function recipients(db: Db, partnerId: number, to: NotifyInput['to']): Promise<{ id: string; email: string; language: string }[]> {
  const base = db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.partnerId, partnerId)));
  if ('userIds' in to) {
    if (to.userIds.length === 0) return [];
    return base.where(and(inArray(users.id, to.userIds), eq(users.status, 'active')));
  }
  return base
    .innerJoin(
      permissions,
      and(eq(permissions.userId, users.id), eq(permissions.partnerId, partnerId), eq(permissions.name, to.permission), eq(permissions.isEnabled, true)),
    )
    .where(eq(users.status, 'active'));
}

/** Users (of those given) who turned mail off for the topic; no row means mail is on. */
async function mailOptOuts(db: Db, partnerId: number, topic: string, userIds: string[]): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const off = await db
    .select({ userId: notificationSettings.userId })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.partnerId, partnerId),
        eq(notificationSettings.topic, topic),
        eq(notificationSettings.isEmailEnabled, false),
        inArray(notificationSettings.userId, userIds),
      ),
    );
  return new Set(off.map((r) => r.userId));
}

const languageOf = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'en');

export async function notify(db: Db, input: NotifyInput): Promise<NotifyResult> {
  const template = TEMPLATES[input.template];
  const [partner] = await db.select({ product: partners.product }).from(partners).where(eq(partners.id, input.partnerId));
  if (!partner || !visibleTopics(partner.product).includes(template.topic)) return { created: 0, mailed: 0 };
  const people = await recipients(db, input.partnerId, input.to);
  if (!people.length) return { created: 0, mailed: 0 };
  const optOut = await mailOptOuts(db, input.partnerId, template.topic, people.map((p) => p.id));
  // Dated by the server's clock, like the seeded ones (ENCORE_NOW may move it), so the newest stays first.
  const createdAt = clockNow();
  const rows = await db
    .insert(notifications)
    .values(
      people.map((p) => {
        // The text in the recipient's language today is kept as it was sent (the mail, a reader
        // without the template); the list renders the template again in the reader's language.
        const copy = renderTemplate(input.template, input.vars ?? {}, languageOf(p.language));
        return {
          partnerId: input.partnerId,
          userId: p.id,
          title: copy.title,
          body: copy.body,
          topic: template.topic,
          actionUrl: input.actionUrl ?? null,
          templateData: withTemplate(input.templateData ?? null, input.template, input.vars ?? {}),
          createdAt,
        };
      }),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
  const toMail = rows.filter((r) => !optOut.has(r.userId)).map((r) => r.id);
  // One task per mail: a retry after a failure never writes the mails that went out already.
  for (const id of toMail) await enqueueTask(db, { kind: NOTIFICATION_MAIL, partnerId: input.partnerId, payload: { ids: [id] }, maxAttempts: 3 });
  return { created: rows.length, mailed: toMail.length };
}

/** A producer's notification must never fail the work it reports on: failures are logged. */
export async function notifySafely(db: Db, input: NotifyInput): Promise<NotifyResult> {
  try {
    return await notify(db, input);
  } catch (err) {
    console.error(`[notifications] ${input.template} for partner ${input.partnerId} not sent:`, err);
    return { created: 0, mailed: 0 };
  }
}

function absoluteLink(actionUrl: string | null, id: string): string {
  const path = actionUrl && actionUrl.startsWith('/') ? actionUrl : `/notifications/${id}`;
  return config.publicUrl ? new URL(path, config.publicUrl).toString() : path;
}

/**
 * Writes the mails of the given notifications of one partner to the outbox (which delivers them).
 * Ids of another partner's notifications, or of a recipient no longer a member of the partner,
 * are skipped: the task's partner, not the id alone, decides what is mailed.
 */
export async function mailNotifications(db: Db, partnerId: number, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      templateData: notifications.templateData,
      actionUrl: notifications.actionUrl,
      email: users.email,
      language: users.language,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .innerJoin(memberships, and(eq(memberships.userId, notifications.userId), eq(memberships.partnerId, notifications.partnerId)))
    .where(and(eq(notifications.partnerId, partnerId), inArray(notifications.id, ids)));
  for (const r of rows) {
    const language = languageOf(r.language);
    const copy = renderedCopy(r, language);
    await queueMail(db, r.email, 'notification', language, { title: copy.title, body: copy.body, link: absoluteLink(r.actionUrl, r.id) });
  }
  return rows.length;
}

registerTask(NOTIFICATION_MAIL, async (payload, { db, partnerId }) => {
  const ids = (payload as { ids?: unknown } | null)?.ids;
  if (!Array.isArray(ids) || !ids.every((x) => typeof x === 'string')) throw new PermanentTaskError(`Invalid ${NOTIFICATION_MAIL} payload`);
  if (partnerId == null) throw new PermanentTaskError(`${NOTIFICATION_MAIL} task without a partner`);
  return { mailed: await mailNotifications(db, partnerId, ids) };
});

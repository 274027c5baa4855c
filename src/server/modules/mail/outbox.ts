// The outbox of issue 3 §5: every mail is written here first. With SMTP configured a worker task
// (mail.send) delivers pending rows; without, the mail is printed to the log and stays here for
// the development mailbox (GET /api/v3/dev/mailbox).
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Language } from '../../../lib/constants';
import { mailTransport } from '../../adapters/mail/index';
import { registerTask } from '../tasks/registry';
import { enqueueTask } from '../tasks/repo';
import { renderMail, type MailTemplate } from './templates';
import { now } from '../../lib/clock';

export const SEND_MAIL = 'mail.send';
const MAX_SEND_ATTEMPTS = 5;

export type OutboxRow = typeof outbox.$inferSelect;

export async function queueMail(db: Db, to: string, template: MailTemplate, language: Language, vars: Record<string, string> = {}): Promise<void> {
  const msg = renderMail(template, language, vars);
  const [row] = await db.insert(outbox).values({ to, subject: msg.subject, text: msg.text, html: msg.html, template, language }).returning({ id: outbox.id });
  const transport = await mailTransport();
  if (transport.kind === 'log') {
    await transport.send({ to, ...msg });
    return;
  }
  await enqueueTask(db, { kind: SEND_MAIL, payload: { id: row.id }, maxAttempts: MAX_SEND_ATTEMPTS });
}

/** Sends pending mails (the given one, or every unsent one); errors stay on the row. */
export async function sendPending(db: Db, id?: string): Promise<{ sent: number; failed: number }> {
  const transport = await mailTransport();
  const pending = await db
    .select()
    .from(outbox)
    .where(and(isNull(outbox.sentAt), lt(outbox.attempts, MAX_SEND_ATTEMPTS), id ? eq(outbox.id, id) : undefined))
    .limit(50);
  let sent = 0;
  let failed = 0;
  for (const m of pending) {
    try {
      await transport.send({ to: m.to, subject: m.subject, text: m.text, html: m.html });
      await db.update(outbox).set({ sentAt: now(), error: null, attempts: m.attempts + 1 }).where(eq(outbox.id, m.id));
      sent++;
    } catch (err) {
      await db.update(outbox).set({ error: (err as Error).message.slice(0, 500), attempts: m.attempts + 1 }).where(eq(outbox.id, m.id));
      failed++;
    }
  }
  if (failed > 0 && id) throw new Error(`mail ${id} not sent`); // the worker retries with back-off
  return { sent, failed };
}

registerTask(SEND_MAIL, async (payload, { db }) => sendPending(db, (payload as { id?: string } | null)?.id));

export async function listOutbox(db: Db, to?: string): Promise<OutboxRow[]> {
  return db
    .select()
    .from(outbox)
    .where(to ? eq(outbox.to, to.trim().toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt))
    .limit(200);
}

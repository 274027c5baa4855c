// The outbox of issue 3 §5: every mail is written here first. With SMTP configured a worker task
// (mail.send) delivers pending rows; without, the mail goes to the log transport.
//
// Mails carry one-time codes (sign-in, registration, password reset), so their text is kept
// readable only in the demo, where the development mailbox (GET /api/v3/dev/mailbox) shows it.
// Outside the demo a row keeps what sending needs sealed with AES-256-GCM (bound to its id)
// and drops it once sent or given up; without a mail server nothing is kept but the metadata.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Language } from '../../../lib/constants';
import { mailTransport } from '../../adapters/mail/index';
import { registerTask } from '../tasks/registry';
import { enqueueTask } from '../tasks/repo';
import { renderMail, type MailTemplate, type Rendered } from './templates';
import { now } from '../../lib/clock';
import { decryptSecret, encryptSecret } from '../../lib/crypto';
import { config } from '../../config';

export const SEND_MAIL = 'mail.send';
const MAX_SEND_ATTEMPTS = 5;

export type OutboxRow = typeof outbox.$inferSelect;

const sealContext = (id: string) => `outbox:${id}`;

export function sealMail(msg: Rendered, id: string): string {
  return encryptSecret(JSON.stringify({ subject: msg.subject, text: msg.text, html: msg.html }), sealContext(id));
}

/** The message a row can still send: sealed, or readable (demo); null when nothing is kept. */
export function mailOf(row: OutboxRow): Rendered | null {
  if (row.sealed) return JSON.parse(decryptSecret(row.sealed, sealContext(row.id))) as Rendered;
  if (row.text !== null) return { subject: row.subject ?? '', text: row.text, html: row.html ?? '' };
  return null;
}

export async function queueMail(db: Db, to: string, template: MailTemplate, language: Language, vars: Record<string, string> = {}): Promise<void> {
  const msg = renderMail(template, language, vars);
  const transport = await mailTransport();
  const id = randomUUID();
  const base = { id, to, template, language };
  if (transport.kind === 'log') {
    // Nothing will deliver it: the demo keeps it readable for the development mailbox; outside
    // the demo only its metadata stays (never retried, the body is never stored).
    await db
      .insert(outbox)
      .values(config.demo ? { ...base, subject: msg.subject, text: msg.text, html: msg.html } : { ...base, attempts: MAX_SEND_ATTEMPTS, error: 'not sent: no mail server is configured (SMTP_URL)' });
    await transport.send({ to, ...msg, id, template });
    return;
  }
  await db.insert(outbox).values(config.demo ? { ...base, subject: msg.subject, text: msg.text, html: msg.html } : { ...base, sealed: sealMail(msg, id) });
  await enqueueTask(db, { kind: SEND_MAIL, payload: { id }, maxAttempts: MAX_SEND_ATTEMPTS });
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
    const attempts = m.attempts + 1;
    try {
      const msg = mailOf(m);
      if (!msg) {
        await db.update(outbox).set({ attempts: MAX_SEND_ATTEMPTS, error: 'not sent: the message is no longer kept' }).where(eq(outbox.id, m.id));
        failed++;
        continue;
      }
      await transport.send({ to: m.to, ...msg, id: m.id, template: m.template });
      // Sent: the sealed copy goes (the demo keeps its readable one for the mailbox).
      await db.update(outbox).set({ sentAt: now(), error: null, attempts, sealed: null }).where(eq(outbox.id, m.id));
      sent++;
    } catch (err) {
      // Given up after the last attempt: the sealed copy goes too.
      await db
        .update(outbox)
        .set({ error: (err as Error).message.slice(0, 500), attempts, ...(attempts >= MAX_SEND_ATTEMPTS ? { sealed: null } : {}) })
        .where(eq(outbox.id, m.id));
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

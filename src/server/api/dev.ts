// GET /api/v3/dev/mailbox: the outbox for development (issue 3 §5), so every flow can be completed
// without a mail server. Mounted only when NODE_ENV !== 'production'.
import { Hono } from 'hono';
import type { MailboxResponse } from '../../lib/contracts/auth';
import { listOutbox } from '../modules/mail/outbox';
import type { Env } from './env';

export const devRouter = new Hono<Env>().get('/mailbox', async (c) => {
  const rows = await listOutbox(c.var.db, c.req.query('to'));
  const body: MailboxResponse = rows.map((m) => ({
    id: m.id,
    to: m.to,
    subject: m.subject ?? '',
    text: m.text ?? '',
    html: m.html,
    template: m.template,
    language: m.language,
    created_at: m.createdAt.toISOString(),
    sent_at: m.sentAt?.toISOString() ?? null,
    error: m.error,
  }));
  return c.json(body);
});

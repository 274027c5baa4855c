// GET /api/v3/dev/mailbox: the outbox for development (issue 3 §5), so every flow can be completed
// without a mail server. Mounted only while the demo is on (config.demo). Every mail with the
// process's mailbox token (?token= or the X-Dev-Mailbox-Token header; lib/dev-mailbox.ts); a
// signed-in user without it sees only mails to their own address; anyone else gets the same 404
// as a path that does not exist.
import { Hono } from 'hono';
import type { MailboxResponse } from '../../lib/contracts/auth';
import { DEV_MAILBOX_TOKEN_HEADER } from '../../lib/constants';
import { listOutbox } from '../modules/mail/outbox';
import { isDevMailboxToken } from '../lib/dev-mailbox';
import { z } from 'zod';
import { text } from '../../lib/contracts/common';
import { errorBody } from './errors';
import { validate } from './validate';
import type { Env } from './env';

const MailboxQuery = z.object({ token: text().max(200).optional(), to: text().max(320).optional() });

export const devRouter = new Hono<Env>().get('/mailbox', validate('query', MailboxQuery), async (c) => {
  const viewer = c.var.viewer;
  const { token, to } = c.req.valid('query');
  const all = isDevMailboxToken(token ?? c.req.header(DEV_MAILBOX_TOKEN_HEADER));
  if (!all && !viewer) return c.json(errorBody('error.common.notFound', `No route ${c.req.method} ${c.req.path}`), 404);
  const own = viewer?.email.trim().toLowerCase();
  // Without the token: the viewer's own mails only (a ?to= naming someone else finds nothing).
  const rows = all ? await listOutbox(c.var.db, to) : to && to.trim().toLowerCase() !== own ? [] : await listOutbox(c.var.db, own);
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

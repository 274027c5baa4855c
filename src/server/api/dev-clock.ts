// GET and POST /api/v3/dev/clock: the development clock (issue 22's delivery journey). A published
// campaign delivers once a whole day is over, so a journey that wants to see a week of delivery
// moves the server's clock instead of waiting for it.
//
// Guards, each enough on its own:
// - mounted only when ENCORE_DEV_CLOCK=1 (src/server/lib/clock.ts devClockFromEnv): without it the
//   path is the API's plain 404, like any path that does not exist;
// - ENCORE_DEV_CLOCK with NODE_ENV=production stops the server at start (the clock module throws),
//   so it cannot be on in production;
// - even when on, a call needs the process's development token (X-Dev-Mailbox-Token, the
//   mailbox's: random per process and printed at start, fixed by ENCORE_DEV_MAILBOX_TOKEN for the
//   journeys); without it the answer is the same 404.
// The clock only moves forward (advance_days 1–60, whole days). After moving it, the day's
// housekeeping is queued at once (tasks/maintenance.ts: campaigns.deliver delivers every missing
// whole day up to yesterday), and with `wait` the call returns once the worker has run it.
import { Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { rows, type Db } from '../db/client';
import { tasks } from '../db/schema';
import { DEV_MAILBOX_TOKEN_HEADER } from '../../lib/constants';
import { isDevMailboxToken } from '../lib/dev-mailbox';
import { advanceDevClock, devClockAdvanceMs, now } from '../lib/clock';
import { scheduleDailyMaintenance } from '../modules/tasks/maintenance';
import { CAMPAIGN_DELIVERY } from '../modules/campaign-delivery/task';
import { errorBody } from './errors';
import { validate } from './validate';
import type { Env } from './env';

const DAY_MS = 86_400_000;
const WAIT_MS = 180_000;

export const DevClockBody = z.object({
  advance_days: z.number().int().min(1).max(60),
  /** Return only after the worker has run the delivery of the passed days (at most 3 min). */
  wait: z.boolean().optional(),
});

export interface DevClockState {
  now: string;
  advanced_days: number;
  delivery?: { task_id: string; status: string; result: unknown } | null;
}

const state = (): DevClockState => ({ now: now().toISOString(), advanced_days: devClockAdvanceMs() / DAY_MS });

async function deliveryTask(db: Db, day: string) {
  const [row] = await db
    .select({ id: tasks.id, status: tasks.status, result: tasks.result })
    .from(tasks)
    .where(and(eq(tasks.kind, CAMPAIGN_DELIVERY), sql`${tasks.payload}->>'day' = ${day}`))
    .limit(1);
  return row ?? null;
}

async function waitForTask(db: Db, id: string): Promise<{ status: string; result: unknown }> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const [row] = await rows<{ status: string; result: unknown }>(db, sql`SELECT status, result FROM tasks WHERE id = ${id}`);
    if (!row || ['SUCCESS', 'FAILURE', 'REVOKED'].includes(row.status) || Date.now() > until) return row ?? { status: 'UNKNOWN', result: null };
    await new Promise((r) => setTimeout(r, 250));
  }
}

export const devClockRouter = new Hono<Env>()
  .use('*', async (c, next) => {
    if (!isDevMailboxToken(c.req.header(DEV_MAILBOX_TOKEN_HEADER))) return c.json(errorBody('error.common.notFound', `No route ${c.req.method} ${c.req.path}`), 404);
    await next();
  })
  .get('/', (c) => c.json(state()))
  .post('/', validate('json', DevClockBody), async (c) => {
    const { advance_days, wait } = c.req.valid('json');
    advanceDevClock(advance_days * DAY_MS);
    const db = c.var.db;
    await scheduleDailyMaintenance(db);
    const day = now().toISOString().slice(0, 10);
    const task = await deliveryTask(db, day);
    let delivery: DevClockState['delivery'] = task ? { task_id: task.id, status: task.status, result: task.result } : null;
    if (task && wait) delivery = { task_id: task.id, ...(await waitForTask(db, task.id)) };
    return c.json({ ...state(), delivery } satisfies DevClockState);
  });

// The notification service (modules/notifications/notify.ts): recipients by id or permission, the
// user's language, the per-topic email setting, the prisma 'event' rule, mail through the queue.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { seedAccounts } from '../../src/server/demo/accounts';
import { notifications, notificationSettings, outbox, permissions, tasks } from '../../src/server/db/schema';
import { mailNotifications, notify, NOTIFICATION_MAIL } from '../../src/server/modules/notifications/notify';
import { mdEscape, TEMPLATES } from '../../src/server/modules/notifications/templates';
import { runOnce } from '../../src/server/jobs/worker';

let t: TestDb;
let ids: Record<string, string>;

beforeAll(async () => {
  t = await createTestDb();
  ids = (await seedAccounts(t.db)).userIds;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(tasks);
  await t.db.delete(notificationSettings);
});

const mailTaskIds = async () =>
  (await t.db.select().from(tasks).where(eq(tasks.kind, NOTIFICATION_MAIL))).flatMap((k) => (k.payload as { ids: string[] }).ids);

describe('notify', () => {
  it('writes one row per recipient in their language and queues one mail task for them', async () => {
    const res = await notify(t.db, {
      partnerId: 1001,
      to: { userIds: [ids['admin@encore.demo'], ids['analyst@encore.demo']] },
      template: 'uploadFinished',
      vars: { file: 'plan.pdf', size: '2.5 MB', link: '/attachment?url=%2Fapi%2Fv3%2Fstorage%2Fobjects%2Fk' },
      actionUrl: '/fileUpload',
    });
    expect(res).toEqual({ created: 2, mailed: 2 });
    const rows = await t.db.select().from(notifications).where(and(eq(notifications.title, 'Upload abgeschlossen'), eq(notifications.userId, ids['admin@encore.demo'])));
    expect(rows.at(-1)?.body).toBe('Ihre Datei **plan\\.pdf** (2\\.5 MB) wurde hochgeladen.\n\n[plan\\.pdf herunterladen](/attachment?url=%2Fapi%2Fv3%2Fstorage%2Fobjects%2Fk)');
    expect((await mailTaskIds()).length).toBe(2);
    expect((await t.db.select().from(tasks).where(eq(tasks.kind, NOTIFICATION_MAIL))).length).toBe(2); // one task per mail
  });

  it('respects the email setting per topic: a user who turned the topic off gets the row but no mail', async () => {
    await t.db.insert(notificationSettings).values({ userId: ids['analyst@encore.demo'], partnerId: 1001, topic: 'upload', isEmailEnabled: false });
    const res = await notify(t.db, {
      partnerId: 1001,
      to: { userIds: [ids['admin@encore.demo'], ids['analyst@encore.demo']] },
      template: 'uploadFinished',
      vars: { file: 'x.csv' },
    });
    expect(res).toEqual({ created: 2, mailed: 1 });
    const mailed = await t.db.select().from(notifications).where(inArray(notifications.id, await mailTaskIds()));
    expect(mailed.map((m) => m.userId)).toEqual([ids['admin@encore.demo']]);
    // another topic is unaffected
    expect((await notify(t.db, { partnerId: 1001, to: { userIds: [ids['analyst@encore.demo']] }, template: 'salesAdjustmentFinished', vars: { events: 1 } })).mailed).toBe(1);
  });

  it('sends to every member holding a permission, and only to members of that partner', async () => {
    await t.db.update(permissions).set({ isEnabled: false }).where(and(eq(permissions.userId, ids['analyst@encore.demo']), eq(permissions.name, 'lookout')));
    const res = await notify(t.db, { partnerId: 1001, to: { permission: 'lookout' }, template: 'eventBelowBenchmark', vars: { event: 'E', date: '01.01.2027', predicted: 50, benchmark: 70 } });
    const rows = await t.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.title, 'Below benchmark: E'));
    const de = await t.db.select({ userId: notifications.userId }).from(notifications).where(eq(notifications.title, 'Unter Benchmark: E'));
    const got = new Set([...rows, ...de].map((r) => r.userId));
    expect(got.has(ids['admin@encore.demo'])).toBe(true);
    expect(got.has(ids['multi@encore.demo'])).toBe(true);
    expect(got.has(ids['analyst@encore.demo'])).toBe(false); // lookout switched off
    expect(got.has(ids['prisma@encore.demo'])).toBe(false); // not a member of 1001
    expect(res.created).toBe(got.size);
    await t.db.update(permissions).set({ isEnabled: true }).where(and(eq(permissions.userId, ids['analyst@encore.demo']), eq(permissions.name, 'lookout')));
  });

  it("never creates an 'event' notification for a prisma partner", async () => {
    const res = await notify(t.db, { partnerId: 1002, to: { permission: 'lookout' }, template: 'eventBelowBenchmark', vars: { event: 'P', date: '01.01.2027', predicted: 1, benchmark: 2 } });
    expect(res).toEqual({ created: 0, mailed: 0 });
    expect(await mailTaskIds()).toEqual([]);
    // other topics reach prisma users
    expect((await notify(t.db, { partnerId: 1002, to: { userIds: [ids['prisma@encore.demo']] }, template: 'uploadFinished', vars: { file: 'a' } })).created).toBe(1);
  });

  it('the mail task writes the mail in the user language to the outbox', async () => {
    await notify(t.db, { partnerId: 1001, to: { userIds: [ids['admin@encore.demo']] }, template: 'salesImportFinished', vars: { event: 'Gala', days: 2, tickets: 9 }, actionUrl: '/events/x' });
    while (await runOnce(t.db, 'notif-test')) {
      /* drain */
    }
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, 'admin@encore.demo')).orderBy(outbox.createdAt);
    expect(mail.subject).toContain('Verkaufsimport abgeschlossen');
    expect(mail.text).toContain('/events/x');
    expect(mail.html).not.toContain('<script');
    expect(await mailNotifications(t.db, 1001, [])).toBe(0);
  });
});

describe('templates', () => {
  it('escape values so a name cannot inject links or markup', () => {
    const body = TEMPLATES.uploadFinished.copy.en({ file: '[x](javascript:alert(1)) <img onerror=1>' }).body;
    expect(body).not.toMatch(/[^\\]\[x\]\(/);
    expect(mdEscape('a*b_c')).toBe('a\\*b\\_c');
  });

  it('have en and de copy for every template', () => {
    for (const [name, tpl] of Object.entries(TEMPLATES)) {
      for (const lang of ['en', 'de'] as const) {
        const c = tpl.copy[lang]({ event: 'E', date: 'D', predicted: '1', benchmark: '2', days: '1', tickets: '1', events: '1', reason: 'r', file: 'f', moved: '1', below: '0', points: '5', created: '2', updated: '0', transactions: '3' });
        expect(c.title, `${name}.${lang}`).toBeTruthy();
        expect(c.body, `${name}.${lang}`).toBeTruthy();
      }
    }
  });
});

// spec 1 §7 "Notifications": every call, bad input, another user's and another partner's ids,
// markdown stored as given, the attachment rule of §2.6, and a real producer (the sales upload).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestDb, type TestDb } from '../helpers/db';
import { apiClient, errorOf } from '../helpers/api';
import { SEED_NOTIFICATIONS, SEED_UNREAD, seedAccounts } from '../../src/server/demo/accounts';
import { seedEventsFixture } from '../helpers/events-fixture';
import { notifications, tasks, users } from '../../src/server/db/schema';
import { fileForm, xlsx, type Cells } from '../helpers/workbooks';
import type { NotificationItem, NotificationList } from '../../src/lib/contracts/notifications';

let t: TestDb;
let api: ReturnType<typeof apiClient>;
let admin: string;
let analyst: string;
let prisma: string;
let multi: string;
let adminId: string;
let analystId: string;

beforeAll(async () => {
  t = await createTestDb();
  const { userIds } = await seedAccounts(t.db);
  await seedEventsFixture(t.db);
  adminId = userIds['admin@encore.demo'];
  analystId = userIds['analyst@encore.demo'];
  api = apiClient(t.db);
  admin = (await api.signIn('admin@encore.demo')).token;
  analyst = (await api.signIn('analyst@encore.demo')).token;
  prisma = (await api.signIn('prisma@encore.demo')).token;
  multi = (await api.signIn('multi@encore.demo')).token;
});
afterAll(() => t.close());

const get = async <T = unknown>(path: string, token = admin, partner?: number) => {
  const res = await api.request(`/api/v3${path}`, { token, partner });
  return { res, body: (await res.json()) as T };
};
const send = async (method: string, path: string, json: unknown, token = admin) => {
  const res = await api.request(`/api/v3${path}`, { method, token, json });
  return { res, body: (await res.json()) as Record<string, unknown> };
};
const idsOf = async (userId: string, partnerId = 1001) =>
  (await t.db.select({ id: notifications.id }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.partnerId, partnerId)))).map((r) => r.id);

describe('GET /notifications', () => {
  it('pages newest first with total, limit, page, pages, nextPage, prevPage and items (page size 10 by default)', async () => {
    const { res, body } = await get<NotificationList>('/notifications');
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ total: SEED_NOTIFICATIONS, limit: 10, page: 1, pages: 2, nextPage: 2, prevPage: null });
    expect(body.items).toHaveLength(10);
    const dates = body.items.map((i) => i.date_created);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(Object.keys(body.items[0]).sort()).toEqual(['action_url', 'body', 'date_created', 'id', 'is_read', 'notification_topic', 'template_data', 'title']);
    const p2 = await get<NotificationList>('/notifications?page=2');
    expect(p2.body).toMatchObject({ page: 2, nextPage: null, prevPage: 1 });
    expect(p2.body.items).toHaveLength(SEED_NOTIFICATIONS - 10);
    expect(new Set([...body.items, ...p2.body.items].map((i) => i.id)).size).toBe(SEED_NOTIFICATIONS);
  });

  it('filters unread only and by repeated notification_topics', async () => {
    const unread = await get<NotificationList>('/notifications?is_read=false&limit=50');
    expect(unread.body.total).toBe(SEED_UNREAD);
    expect(unread.body.items.every((i) => !i.is_read)).toBe(true);
    const topics = await get<NotificationList>('/notifications?notification_topics=sales&notification_topics=upload&limit=50');
    expect(topics.body.total).toBeGreaterThan(0);
    expect(new Set(topics.body.items.map((i) => i.notification_topic))).toEqual(new Set(['sales', 'upload']));
  });

  it('refuses bad input with the §3 error body', async () => {
    for (const q of ['page=0', 'limit=0', 'limit=1000', 'is_read=maybe', 'notification_topics=spam', 'page=abc']) {
      const res = await api.request(`/api/v3/notifications?${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.validation.invalid');
    }
  });

  it('needs a signed-in user', async () => {
    const res = await api.request('/api/v3/notifications');
    expect(res.status).toBe(401);
  });

  it('shows only the chosen partner: multi sees its own rows at each partner', async () => {
    const at1001 = await get<NotificationList>('/notifications?limit=50', multi, 1001);
    const at1002 = await get<NotificationList>('/notifications?limit=50', multi, 1002);
    expect(at1001.body.items.length).toBeGreaterThan(0);
    const ids1002 = new Set(at1002.body.items.map((i) => i.id));
    expect(at1001.body.items.some((i) => ids1002.has(i.id))).toBe(false);
  });
});

describe('GET/PUT /notifications/{id}', () => {
  it('reads one and toggles is_read', async () => {
    const [id] = await idsOf(adminId);
    const one = await get<NotificationItem>(`/notifications/${id}`);
    expect(one.res.status).toBe(200);
    expect(one.body.id).toBe(id);
    const put = await send('PUT', `/notifications/${id}`, { is_read: !one.body.is_read });
    expect(put.res.status).toBe(200);
    expect(put.body.is_read).toBe(!one.body.is_read);
    await send('PUT', `/notifications/${id}`, { is_read: one.body.is_read });
  });

  it("answers 404 for another user's notification and for one of another partner, and changes nothing", async () => {
    const [{ id: theirs }] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, analystId), eq(notifications.isRead, false)))
      .limit(1);
    expect((await get(`/notifications/${theirs}`)).res.status).toBe(404);
    const put = await send('PUT', `/notifications/${theirs}`, { is_read: true });
    expect(put.res.status).toBe(404);
    expect(put.body.error_code).toBe('error.common.notFound');
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, theirs));
    expect(row.isRead).toBe(false);
    // multi's own row at 1002 is not found while acting for 1001
    const multiId = (await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'multi@encore.demo')))[0].id;
    const [at1002] = await idsOf(multiId, 1002);
    expect((await get(`/notifications/${at1002}`, multi, 1001)).res.status).toBe(404);
  });

  it('refuses a malformed id and a malformed body', async () => {
    expect((await get('/notifications/not-a-uuid')).res.status).toBe(400);
    const [id] = await idsOf(adminId);
    expect((await send('PUT', `/notifications/${id}`, { is_read: 'yes' })).res.status).toBe(400);
    expect((await send('PUT', `/notifications/${id}`, { is_read: true, title: 'x' })).res.status).toBe(400);
  });

  it('stores markdown exactly as given and returns it unchanged', async () => {
    const body = '**bold** <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const [row] = await t.db.insert(notifications).values({ partnerId: 1001, userId: adminId, title: 'XSS', body, topic: 'upload' }).returning();
    const one = await get<NotificationItem>(`/notifications/${row.id}`);
    expect(one.body.body).toBe(body);
    await t.db.delete(notifications).where(eq(notifications.id, row.id));
  });
});

describe('PATCH /notifications, stats and the badge', () => {
  beforeEach(async () => {
    await t.db.update(notifications).set({ isRead: false }).where(eq(notifications.userId, analystId));
  });

  it('marks the given ids read, ignoring ids of someone else', async () => {
    const mine = (await idsOf(analystId)).slice(0, 2);
    const [adminsOwn] = await idsOf(adminId);
    const { res, body } = await send('PATCH', '/notifications', { is_read: true, ids: [...mine, adminsOwn] }, analyst);
    expect(res.status).toBe(200);
    expect(body.updated).toBe(2);
    const stats = await get<{ total: number; unread: number }>('/notifications/stats', analyst);
    expect(stats.body).toEqual({ total: SEED_NOTIFICATIONS, unread: SEED_NOTIFICATIONS - 2 });
    const badge = await get<{ total_unread: number }>('/messages/totalunread', analyst);
    expect(badge.body.total_unread).toBe(SEED_NOTIFICATIONS - 2);
  });

  it('marks everything read with ids null', async () => {
    const { body } = await send('PATCH', '/notifications', { is_read: true, ids: null }, analyst);
    expect(body.updated).toBe(SEED_NOTIFICATIONS);
    expect((await get('/notifications/stats', analyst)).body).toEqual({ total: SEED_NOTIFICATIONS, unread: 0 });
    // the admin's rows are untouched
    expect((await get<{ unread: number }>('/notifications/stats')).body.unread).toBe(SEED_UNREAD);
  });

  it('refuses bad bodies', async () => {
    for (const json of [{}, { is_read: true, ids: [] }, { is_read: true, ids: ['x'] }, { is_read: 1 }]) {
      expect((await send('PATCH', '/notifications', json, analyst)).res.status, JSON.stringify(json)).toBe(400);
    }
  });
});

describe('topics and settings', () => {
  it("lists every topic for full-service and hides 'event' for prisma (also in the list and the badge)", async () => {
    expect((await get('/notifications/topics')).body).toEqual({ topics: ['sales', 'event', 'upload', 'campaign', 'package'] });
    expect((await get('/notifications/topics', prisma)).body).toEqual({ topics: ['sales', 'upload', 'campaign', 'package'] });
    const list = await get<NotificationList>('/notifications?limit=50', prisma);
    expect(list.body.items.some((i) => i.notification_topic === 'event')).toBe(false);
    expect((await get<NotificationList>('/notifications?notification_topics=event', prisma)).body.total).toBe(0);
    const settings = await get<{ settings: { notification_topic: string }[] }>('/notifications/settings', prisma);
    expect(settings.body.settings.map((s) => s.notification_topic)).not.toContain('event');
    expect((await send('PUT', '/notifications/settings', [{ notification_topic: 'event', is_email_enabled: false }], prisma)).res.status).toBe(404);
  });

  it('defaults to mail on, PUT changes single topics, PATCH switches all', async () => {
    const first = await get<{ is_email_enabled: boolean; settings: { notification_topic: string; is_email_enabled: boolean }[] }>('/notifications/settings', analyst);
    expect(first.body.is_email_enabled).toBe(true);
    expect(first.body.settings).toHaveLength(5);
    const put = await send('PUT', '/notifications/settings', [{ notification_topic: 'campaign', is_email_enabled: false }], analyst);
    expect(put.res.status).toBe(200);
    expect(put.body.is_email_enabled).toBe(false);
    expect((put.body.settings as { notification_topic: string; is_email_enabled: boolean }[]).find((s) => s.notification_topic === 'campaign')?.is_email_enabled).toBe(false);
    // another user's settings are their own
    expect((await get<{ is_email_enabled: boolean }>('/notifications/settings')).body.is_email_enabled).toBe(true);
    const all = await send('PATCH', '/notifications/settings', { is_email_enabled: true }, analyst);
    expect(all.body.is_email_enabled).toBe(true);
    const off = await send('PATCH', '/notifications/settings', { is_email_enabled: false }, analyst);
    expect((off.body.settings as { is_email_enabled: boolean }[]).every((s) => !s.is_email_enabled)).toBe(true);
    await send('PATCH', '/notifications/settings', { is_email_enabled: true }, analyst);
  });

  it('refuses bad settings input', async () => {
    const twice = [{ notification_topic: 'campaign', is_email_enabled: true }, { notification_topic: 'campaign', is_email_enabled: false }];
    for (const json of [[], [{ notification_topic: 'spam', is_email_enabled: true }], { notification_topic: 'sales' }, [{ notification_topic: 'sales' }], twice]) {
      expect((await send('PUT', '/notifications/settings', json)).res.status, JSON.stringify(json)).toBe(400);
    }
    expect((await send('PATCH', '/notifications/settings', { is_email_enabled: 'yes' })).res.status).toBe(400);
  });
});

describe('GET /attachment', () => {
  it('answers invalidRemoteDownloadUrl for an empty url', async () => {
    for (const q of ['', '?url=', '?url=%20']) {
      const res = await api.request(`/api/v3/attachment${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).error_code).toBe('error.attachment.invalidRemoteDownloadUrl');
    }
  });

  it('refuses anything but our own storage', async () => {
    for (const url of ['https://evil.example/x.pdf', '//evil.example/x', 'javascript:alert(1)', '/etc/passwd', '/api/v3/storage/objects/../../secrets', '/api/v3/events']) {
      const res = await api.request(`/api/v3/attachment?url=${encodeURIComponent(url)}`, { token: admin });
      expect(res.status, url).toBe(400);
      expect((await errorOf(res)).error_code, url).toBe('error.attachment.foreignUrl');
    }
  });

  // Security hardening: these answered 500 (decodeURIComponent threw; a decoded NUL reached the database).
  it('answers invalidRemoteDownloadUrl for broken percent-encoding and a NUL in the path', async () => {
    for (const q of ['/api/v3/storage/objects/%25', '/api/v3/storage/objects/%25E0%25A4%25A', '/api/v3/storage/objects/1001/a%2500.pdf', '/api/v3/storage/objects/1001/%250a.pdf']) {
      const res = await api.request(`/api/v3/attachment?url=${q}`, { token: admin });
      expect(res.status, q).toBe(400);
      expect((await errorOf(res)).error_code, q).toBe('error.attachment.invalidRemoteDownloadUrl');
    }
    // A NUL in the query value itself is refused by the API's input net.
    const nul = await api.request('/api/v3/attachment?url=/api/v3/storage/objects/a%00.pdf', { token: admin });
    expect(nul.status).toBe(400);
    expect((await errorOf(nul)).error_code).toBe('error.validation.invalid');
  });

  it('does not find an own-storage object while storage is not there yet', async () => {
    const res = await api.request(`/api/v3/attachment?url=${encodeURIComponent('/api/v3/storage/objects/1001/a.pdf')}`, { token: admin });
    expect(res.status).toBe(404);
    expect((await errorOf(res)).error_code).toBe('error.attachment.notFound');
  });
});

describe('producer: the spreadsheet sales upload', () => {
  const HEADER: Cells = ['Date*', 'Tickets*', 'Revenue*', 'Ticket Type'];
  const day = (n: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() - n));
  const upload = (buf: Buffer) =>
    api.request('/api/v3/ingest/transaction_summary/from_excel?eid=e1001-00006', { method: 'POST', token: analyst, body: fileForm(buf) });
  const latest = async () => (await get<NotificationList>('/notifications?notification_topics=sales&limit=1', analyst)).body.items[0];

  it('tells the uploader (in their language) that the import finished, queues the mail, and tells them of a failure', async () => {
    const before = (await get<{ total: number }>('/notifications/stats', analyst)).body.total;
    const ok = await upload(await xlsx({ Sales: [HEADER, [day(120), 7, 140, 'regular']] }));
    expect(ok.status).toBe(200);
    const note = await latest();
    expect(note.title).toBe('Sales import finished');
    expect(note.body).toContain('**Old Concert**');
    expect(note.action_url).toBe('/events/e1001-00006');
    expect(note.is_read).toBe(false);
    const mailTasks = await t.db.select().from(tasks).where(eq(tasks.kind, 'notifications.mail'));
    expect(mailTasks.some((k) => (k.payload as { ids: string[] }).ids.includes(note.id))).toBe(true);
    // the admin (who did not upload) heard nothing
    expect((await get<NotificationList>('/notifications?notification_topics=sales&limit=1')).body.items[0].title).not.toBe('Sales import finished');

    const bad = await upload(await xlsx({ Sales: [HEADER, ['not a date', 1, 1]] }));
    expect(bad.status).toBe(400);
    const failed = await latest();
    expect(failed.title).toBe('Sales import failed');
    expect(failed.body).toContain('invalid transaction date');
    expect((await get<{ total: number }>('/notifications/stats', analyst)).body.total).toBe(before + 2);
  });

  it('writes the German copy for a German user and queues no mail when the topic is off', async () => {
    await send('PUT', '/notifications/settings', [{ notification_topic: 'sales', is_email_enabled: false }]);
    const tasksBefore = (await t.db.select().from(tasks).where(eq(tasks.kind, 'notifications.mail'))).length;
    const res = await api.request('/api/v3/ingest/transaction_summary/from_excel?eid=e1001-00006', {
      method: 'POST',
      token: admin,
      body: fileForm(await xlsx({ Sales: [HEADER, [day(121), 3, 60, 'regular']] })),
    });
    expect(res.status).toBe(200);
    const note = (await get<NotificationList>('/notifications?notification_topics=sales&limit=1')).body.items[0];
    expect(note.title).toBe('Verkaufsimport abgeschlossen');
    expect((await t.db.select().from(tasks).where(eq(tasks.kind, 'notifications.mail'))).length).toBe(tasksBefore);
    await send('PATCH', '/notifications/settings', { is_email_enabled: true });
  });
});

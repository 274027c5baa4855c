// spec 1 §2.6, §4.4, issue 6: a real producer (a sales spreadsheet uploaded through the API)
// raises the sidebar badge; the list shows it; the topics filter narrows the list; selection
// marks read; the drawer (desktop) or the detail page (phone) opens it and marks it read; a body
// carrying markup renders inert. The projects use different users (analyst on desktop, prisma
// on the phone) so they never share notifications, and neither touches the admin's counts that
// shell.spec checks. Other journeys' producers (forecast turns) may add notifications at any time,
// so the journey compares with what the list shows, not with a second call that may see more.
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import type { Page, TestInfo } from '@playwright/test';
import type { EventList } from '../../src/lib/contracts/events';
import type { NotificationItem, NotificationList, NotificationSettings } from '../../src/lib/contracts/notifications';
import { ApiSession, createEvent, uniqueTitle } from './api';
import { serverDay } from './clock';
import { expect, test as base } from './fixtures';
import { BASE_URL, isPhone, openNavigation, signIn, waitForIslands, type UserKey } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const XSS = '<img src=x onerror=alert(1)> [click](javascript:alert(2))';

const userOf = (testInfo: TestInfo): UserKey => (isPhone(testInfo) ? 'prisma' : 'analyst');

async function salesFile(day: string, tickets: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sales');
  ws.addRow(['Date*', 'Tickets*', 'Revenue*', 'Ticket Type']);
  ws.addRow([day, tickets, tickets * 20, 'regular']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const yesterday = () => serverDay(-1);

async function upload(page: Page, eventId: string, tickets: number) {
  const res = await page.request.post(`/api/v3/ingest/transaction_summary/from_excel?eid=${encodeURIComponent(eventId)}`, {
    // Astro refuses a cross-site form post; a browser sends its own origin.
    headers: { origin: BASE_URL },
    multipart: { file: { name: 'sales.xlsx', mimeType: XLSX, buffer: await salesFile(yesterday(), tickets) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * The upcoming event the user's sales upload goes to. On the desktop (analyst, partner 1001) the
 * admin creates one for this test. The prisma partner's users may not create events (no simulation
 * permission) and the admin is no member there, so the phone takes the partner's next demo event
 * from five days on: no other journey writes sales to partner 1002's events.
 */
async function uploadTarget(page: Page, testInfo: TestInfo, adminApi: ApiSession): Promise<string> {
  if (!isPhone(testInfo)) return createEvent(adminApi, { title: uniqueTitle('Notified concert', testInfo.project.name) });
  const list = (await (await page.request.get(`/api/v3/events/?since=${serverDay(5)}&limit=30&exclude_products=true`)).json()) as EventList;
  const event = list.items.find((e) => e.frontend_status === 'DEFAULT');
  expect(event, 'an upcoming event of the prisma partner').toBeTruthy();
  return event!.id;
}

async function badgeCount(page: Page, testInfo: TestInfo): Promise<number> {
  const res = await page.request.get('/api/v3/messages/totalunread');
  void testInfo;
  return ((await res.json()) as { total_unread: number }).total_unread;
}

/** Unread notifications of one topic: other journeys' producers (forecast turns) touch other topics. */
async function unreadOf(page: Page, topic: string): Promise<number> {
  const res = await page.request.get(`/api/v3/notifications?is_read=false&notification_topics=${topic}&limit=1`);
  return ((await res.json()) as NotificationList).total;
}

/** The badge shows the server's unread count (at least `min`) within its 10 s poll. */
async function expectBadge(page: Page, testInfo: TestInfo, min: number) {
  const nav = await openNavigation(page, testInfo);
  const item = nav.getByRole('link', { name: /^Notifications/ });
  await expect(async () => {
    const count = await badgeCount(page, testInfo);
    expect(count).toBeGreaterThanOrEqual(min);
    await expect(item).toHaveAccessibleName(new RegExp(`Notifications\\s*, ${count} unread`), { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  if (isPhone(testInfo)) await page.keyboard.press('Escape');
}

/** The user's email settings, put back through the API after the test whatever happened. */
const test = base.extend<{ keepEmailSettings: NotificationSettings }>({
  keepEmailSettings: async ({}, use, testInfo) => {
    const api = await ApiSession.open(isPhone(testInfo) ? 'prisma' : 'admin');
    try {
      const before = await api.json<NotificationSettings>('GET', '/api/v3/notifications/settings');
      try {
        await use(before);
      } finally {
        await api.json('PUT', '/api/v3/notifications/settings', before.settings);
      }
    } finally {
      await api.dispose();
    }
  },
});

test.describe('notifications', () => {
  test('a sales upload notifies; filter, select, mark read, open; markup stays inert', async ({ page, adminApi }, testInfo) => {
    test.setTimeout(120_000);
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && /Content Security Policy|Refused to/i.test(m.text()) && violations.push(m.text()));
    page.on('dialog', (d) => {
      violations.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });

    await signIn(page, userOf(testInfo));
    await page.goto('/events');
    await waitForIslands(page);
    const before = await badgeCount(page, testInfo);
    const salesBefore = await unreadOf(page, 'sales');
    await expectBadge(page, testInfo, before);

    // A real producer: the spreadsheet upload. The badge polls every 10 s.
    await upload(page, await uploadTarget(page, testInfo, adminApi), 5 + Math.floor(Math.random() * 50));
    await expect.poll(() => unreadOf(page, 'sales')).toBe(salesBefore + 1);
    await expectBadge(page, testInfo, before + 1);

    await page.goto('/notifications');
    await waitForIslands(page);
    const rows = page.getByTestId('notification-row');
    // Newest first; a forecast notice from another journey may have arrived since, so look for ours.
    const mine = rows.filter({ hasText: 'Sales import finished' }).first();
    await expect(mine).toHaveAttribute('data-read', 'false');
    const total = ((await (await page.request.get('/api/v3/notifications')).json()) as NotificationList).total;
    expect(total).toBeGreaterThan(0);
    // The first page (10); when it does not fill the window the next one follows at once (more
    // notices on some days: npm run test:e2e:at), so at least a page and never more than there are.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(Math.min(10, total));
    expect(await rows.count()).toBeLessThanOrEqual(total);
    await page.screenshot({ path: `${SHOTS}/notifications-list-${testInfo.project.name}.png`, fullPage: false });

    // Infinite scroll: the next page arrives at the end of the list.
    await rows.last().scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count(), { timeout: 5_000 }).toBeGreaterThanOrEqual(total);
    await page.evaluate(() => window.scrollTo(0, 0));

    // Topics filter with search, apply and reset.
    await page.getByRole('button', { name: /^Topics/ }).click();
    await page.getByRole('searchbox', { name: 'Search topics' }).fill('sal');
    await expect(page.getByRole('checkbox', { name: 'Uploads' })).toHaveCount(0);
    await page.getByRole('checkbox', { name: 'Sales' }).check();
    await page.screenshot({ path: `${SHOTS}/notifications-filter-${testInfo.project.name}.png` });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('button', { name: 'Topics (1)' })).toBeVisible();
    // The filtered page replaces the list when it arrives (the newest row is ours either way).
    await expect
      .poll(async () => [...new Set((await page.getByTestId('notification-topic').allTextContents()).map((x) => x.trim()))])
      .toEqual(['Sales']);
    await expect(rows.first()).toContainText('Sales import finished');

    // Selection mode: the read toggle is disabled; marking the selection read leaves the mode.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await expect(rows.first().getByTestId('read-toggle')).toBeDisabled();
    await rows.first().getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mark as read (1)' }).click();
    await expect(rows.first()).toHaveAttribute('data-read', 'true');
    await expect(page.getByRole('button', { name: 'Select', exact: true })).toBeVisible();
    await expect(rows.first().getByTestId('read-toggle')).toBeEnabled();
    expect(await unreadOf(page, 'sales')).toBe(salesBefore);

    // Reset the filter; unread only; open the first unread one.
    await page.getByRole('button', { name: /^Topics/ }).click();
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByRole('switch', { name: 'Unread only' }).check();
    await expect(rows.first()).toHaveAttribute('data-read', 'false');
    // The list's first row (a notification arriving after the list loaded is not in it).
    const href = (await rows.first().getByRole('link').getAttribute('href'))!;
    const firstUnread = (await (await page.request.get(`/api/v3/notifications/${href.match(/[0-9a-f-]{36}/)![0]}`)).json()) as NotificationItem;
    expect(firstUnread.is_read).toBe(false);
    const title = firstUnread.title;
    await expect(rows.first()).toContainText(title);
    await rows.first().getByRole('link').click();
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL(/\/notifications\/[0-9a-f-]{36}$/);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/notifications-detail-${testInfo.project.name}.png` });
      // The drawer link goes to this page on narrow screens.
      const id = page.url().split('/').pop()!;
      await page.goto(`/notifications?drawer-open=true&notification-id=${id}`);
      await expect(page).toHaveURL(`/notifications/${id}`);
    } else {
      await expect(page).toHaveURL(/drawer-open=true&notification-id=[0-9a-f-]{36}/);
      const drawer = page.getByTestId('notification-drawer');
      await expect(drawer.getByRole('heading', { name: title })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/notifications-drawer-${testInfo.project.name}.png` });
      const id = new URL(page.url()).searchParams.get('notification-id')!;
      await page.keyboard.press('Escape');
      await expect(drawer).toHaveCount(0);
      // The detail page goes to the drawer form on wide screens.
      await page.goto(`/notifications/${id}`);
      await expect(page).toHaveURL(`/notifications?drawer-open=true&notification-id=${id}`);
    }
    // Opening marked it read.
    expect(((await (await page.request.get(`/api/v3/notifications/${firstUnread.id}`)).json()) as { is_read: boolean }).is_read).toBe(true);

    // Markup in a body (an event title with an image and a javascript: link) renders as text.
    if (!isPhone(testInfo)) {
      const xssId = await createEvent(adminApi, { title: XSS, daysAhead: 40 });
      await upload(page, xssId, 3);
      // Our upload's notice: the newest of the sales topic (forecast notices are another topic).
      const list = (await (await page.request.get('/api/v3/notifications?notification_topics=sales&limit=1')).json()) as NotificationList;
      expect(list.items[0].body, 'the notice of the upload to the event with markup').toContain('onerror=alert');
      await page.goto(`/notifications?drawer-open=true&notification-id=${list.items[0].id}`);
      const body = page.getByTestId('notification-drawer').getByTestId('notification-body');
      await expect(body).toContainText('<img src=x onerror=alert(1)>');
      await expect(body.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0);
    }

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('settings #notifications: per-topic email switches and select all', async ({ page, keepEmailSettings }, testInfo) => {
    // The analyst has no settings permission: the admin's email settings are no one's counts.
    await signIn(page, isPhone(testInfo) ? 'prisma' : 'admin');
    await page.goto('/settings#notifications');
    await waitForIslands(page);
    const box = page.getByTestId('notification-settings');
    const sales = box.getByRole('switch', { name: /^Sales/ });
    const all = box.getByRole('switch', { name: 'All topics' });
    expect(keepEmailSettings.is_email_enabled, 'the seed mails every topic').toBe(true);
    await expect(all).toBeChecked();
    // prisma has no 'event' topic
    await expect(box.getByRole('switch', { name: /^Events/ })).toHaveCount(isPhone(testInfo) ? 0 : 1);
    await sales.uncheck();
    await expect(all).not.toBeChecked();
    await page.screenshot({ path: `${SHOTS}/settings-notifications-${testInfo.project.name}.png` });
    await page.reload();
    await waitForIslands(page);
    await expect(sales).not.toBeChecked();
    await all.check();
    await expect(sales).toBeChecked();
    const settings = (await (await page.request.get('/api/v3/notifications/settings')).json()) as { is_email_enabled: boolean };
    expect(settings.is_email_enabled).toBe(true);
  });
});

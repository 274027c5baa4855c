// spec 1 §2.6, §4.4, issue 6: a real producer (a sales spreadsheet uploaded through the API)
// raises the sidebar badge; the list shows it; the topics filter narrows the list; selection
// marks read; the drawer (desktop) or the detail page (phone) opens it and marks it read; a body
// carrying markup renders inert. The projects use different users (analyst on desktop, prisma
// on the phone) so they never share notifications, and neither touches the admin's counts that
// shell.spec checks.
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import type { EventList } from '../../src/lib/contracts/events';
import type { NotificationList } from '../../src/lib/contracts/notifications';
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

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function upload(page: Page, eventId: string, tickets: number) {
  const res = await page.request.post(`/api/v3/ingest/transaction_summary/from_excel?eid=${encodeURIComponent(eventId)}`, {
    // Astro refuses a cross-site form post; a browser sends its own origin.
    headers: { origin: BASE_URL },
    multipart: { file: { name: 'sales.xlsx', mimeType: XLSX, buffer: await salesFile(yesterday(), tickets) } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function upcomingEvent(page: Page, slot: number): Promise<string> {
  const since = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const list = (await (await page.request.get(`/api/v3/events/?since=${since}&limit=100&exclude_products=true`)).json()) as EventList;
  const usable = list.items.filter((e) => e.frontend_status === 'DEFAULT');
  expect(usable.length).toBeGreaterThan(slot);
  return usable[usable.length - 1 - slot].id;
}

/** An event whose title carries markup, created by the admin in a context of its own. */
async function xssEvent(browser: Browser): Promise<string> {
  const ctx = await browser.newContext();
  const admin = await ctx.newPage();
  await signIn(admin, 'admin');
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const res = await admin.request.post('/api/v3/events/?event_type=fdlive', {
    data: { name: XSS, category: 'chamber', description: '', date, time: '20:00', city: 'Bonn', venue: 'Beethovenhaus', hall: 'Saal', capacity: 200, price: 30, lineups: [], setlists: [], tz: 'UTC', status: 'RUNNING' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { ids } = (await res.json()) as { ids: string[] };
  await ctx.close();
  return ids[0];
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

test.describe('notifications', () => {
  test('a sales upload notifies; filter, select, mark read, open; markup stays inert', async ({ page, browser }, testInfo) => {
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
    await upload(page, await upcomingEvent(page, isPhone(testInfo) ? 1 : 0), 5 + Math.floor(Math.random() * 50));
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
    await expect(rows).toHaveCount(Math.min(10, total));
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
    await expect(rows.first()).toContainText('Sales import finished');
    const topics = await page.getByTestId('notification-topic').allTextContents();
    expect(new Set(topics.map((x) => x.trim()))).toEqual(new Set(['Sales']));

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
    const firstUnread = ((await (await page.request.get('/api/v3/notifications?is_read=false&limit=1')).json()) as NotificationList).items[0];
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
      const xssId = await xssEvent(browser);
      await upload(page, xssId, 3);
      const list = (await (await page.request.get('/api/v3/notifications?limit=1')).json()) as NotificationList;
      await page.goto(`/notifications?drawer-open=true&notification-id=${list.items[0].id}`);
      const body = page.getByTestId('notification-drawer').getByTestId('notification-body');
      await expect(body).toContainText('<img src=x onerror=alert(1)>');
      await expect(body.locator('img, script, [onerror], a[href^="javascript"]')).toHaveCount(0);
    }

    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('settings #notifications: per-topic email switches and select all', async ({ page }, testInfo) => {
    // The analyst has no settings permission: the admin's email settings are no one's counts.
    await signIn(page, isPhone(testInfo) ? 'prisma' : 'admin');
    await page.goto('/settings#notifications');
    await waitForIslands(page);
    const box = page.getByTestId('notification-settings');
    const sales = box.getByRole('switch', { name: /^Sales/ });
    const all = box.getByRole('switch', { name: 'All topics' });
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

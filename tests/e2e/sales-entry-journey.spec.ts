// Issue 20, the sales-entry main flow as a user walks it, at each size: from the demo's state and
// only through the interface — no API preparation, no fixture-chosen event. Sign in, open the
// demand prediction list from the main navigation, take an upcoming event from the list as shown,
// open it (drawer on desktop, the event page on a phone), read its sold tickets, open Add sales ›
// Manual upload from its actions menu, enter a sale and see the sold number rise by exactly that.
// Every screen on the way: the right heading, no horizontal overflow and no serious or critical
// axe finding. The two sizes run at once on one database, so each takes its own row of the list
// (desktop the first upcoming event, phone the second); the number is read before, not assumed.
// The edge cases (date rules, refused requests, spreadsheets) stay in sales-entry.spec.ts.
import { expectCleanScreen } from './screen-checks';
import type { Locator, Page } from '@playwright/test';
import { displayDay as display, serverDay } from './clock';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, openNavigation, signIn, waitForHydrated } from './helpers';

/** Every island hydrated (waitForIslands with room for a busy machine). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
}

const checkScreen = expectCleanScreen;

/** "1,234 of 2,000 tickets sold" → 1234. */
async function soldOf(line: Locator): Promise<{ sold: number; capacity: number }> {
  const m = /^([\d,]+) of ([\d,]+) tickets sold$/.exec(((await line.textContent()) ?? '').trim());
  expect(m, 'the detail shows "N of M tickets sold"').not.toBeNull();
  return { sold: Number(m![1].replace(/,/g, '')), capacity: Number(m![2].replace(/,/g, '')) };
}

test('sales entry through the interface: navigation, list, event, Add sales › Manual upload, the sold number', async ({ page }, testInfo) => {
  // Six axe scans of whole pages and a forecast recompute: slow on a shared machine.
  extendTimeout(240_000);
  const phone = isPhone(testInfo);
  await signIn(page, 'admin', { form: true });
  await checkScreen(page, 'after sign-in');

  // The list, from the main navigation.
  const nav = await openNavigation(page, testInfo);
  await nav.getByRole('link', { name: enText('nav.events') }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/events' || url.pathname === '/events/');
  await hydrated(page);
  await expect(page.getByRole('heading', { level: 1, name: enText('nav.events') })).toBeVisible();
  const rows = page.locator('a[data-event-id]');
  await expect(rows.nth(1)).toBeVisible({ timeout: 15_000 });
  await checkScreen(page, 'events list');

  // An upcoming event as the list shows it (the list starts at today).
  const row = rows.nth(phone ? 1 : 0);
  const eventId = (await row.getAttribute('data-event-id'))!;
  await row.click();
  let detail: Locator;
  if (phone) {
    await expect(page).toHaveURL(new RegExp(`/events/${eventId}$`));
    await hydrated(page);
    detail = page.locator('main');
  } else {
    detail = page.getByRole('dialog');
    await expect(detail).toBeVisible();
  }
  // The event's own heading (the drawer has its own title above it).
  const heading = detail.locator('#event-detail-title');
  await expect(heading).toHaveJSProperty('tagName', phone ? 'H1' : 'H2');
  await expect(heading).toBeVisible();
  const title = ((await heading.textContent()) ?? '').trim();
  expect(title).not.toBe('');
  const soldLine = detail.getByText(/^[\d,]+ of [\d,]+ tickets sold$/);
  await expect(soldLine).toBeVisible({ timeout: 15_000 });
  const before = await soldOf(soldLine);
  await checkScreen(page, 'event detail');

  // Add sales › Manual upload from the event's actions menu.
  await detail.getByRole('button', { name: 'Event actions' }).click();
  if (phone) {
    await page.getByRole('menuitem', { name: 'Manual upload' }).click();
    await expect(page).toHaveURL(`/events/${eventId}/update-sales/sales_summary`);
    await hydrated(page);
  } else {
    // The submenu by keyboard, as sales-entry.spec.ts does: a pointer crossing from the submenu's
    // trigger to its item closes it in Radix when the path cuts over a sibling item.
    await page.getByRole('menuitem', { name: 'Add sales' }).press('ArrowRight');
    await page.getByRole('menuitem', { name: 'Manual upload' }).press('Enter');
    await expect(page).toHaveURL(/[?&]update-sales=SALESSUMMARY/);
  }
  const panel = page.getByTestId('sales-panel');
  await expect(panel.getByRole('heading', { name: enText('event.salesEdit.manual.title') })).toBeVisible();
  await expect(panel.getByText(title, { exact: true })).toBeVisible();
  const add = panel.getByRole('button', { name: 'Add', exact: true });
  await waitForHydrated(panel.getByRole('button', { name: 'Cancel' }));
  await expect(add).toBeDisabled();
  await checkScreen(page, 'manual sales panel');

  // Two days up to today, seven regular tickets.
  const start = panel.getByRole('textbox', { name: 'Start date' });
  await start.fill(display(serverDay(-2)));
  await start.press('Tab');
  const end = panel.getByRole('textbox', { name: 'End date' });
  await end.fill(display(serverDay(0)));
  await end.press('Tab');
  await panel.getByRole('combobox', { name: 'Ticket type' }).selectOption({ label: 'Regular' });
  await panel.getByLabel('Number of tickets').fill('7');
  await panel.getByLabel('Total revenue').fill('210,50');
  await expect(add).toBeEnabled();
  await checkScreen(page, 'manual sales panel, filled');
  await add.click();

  // Confirmed, back on the event, and the sold number is seven higher once the forecast is recomputed.
  await expect(page.getByText(enText('event.salesEdit.manual.success'), { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(panel).toHaveCount(0);
  if (phone) await expect(page).toHaveURL(new RegExp(`/events/${eventId}(\\?.*)?$`));
  else await expect(page).not.toHaveURL(/update-sales/);
  await expect(heading).toHaveText(title);
  await expect(detail.getByText(`${(before.sold + 7).toLocaleString('en')} of ${before.capacity.toLocaleString('en')} tickets sold`, { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('forecast-updating')).toHaveCount(0, { timeout: 30_000 });
  await checkScreen(page, 'event detail after the sale');
});

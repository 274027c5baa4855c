// The events page (spec 1 §2.9, spec 3 "Event row", "Events page actions", "Routes"): the list
// paints with the demo partner's events, search and filters narrow it and live in the URL, the date
// field refuses what is not a day, the next page comes on scroll, and a row opens the drawer on
// wide screens and the event page on phones. Journeys running alongside create (and archive their
// own) events at any moment: totals are compared with the server's count of the same moment.
import type { Page } from '@playwright/test';
import type { EventList } from '../../src/lib/contracts/events';
import { filtersFromSearch, toListQuery } from '../../src/islands/events/list/filters';
import { displayDay as display, serverDay } from './clock';
import { expect, test } from './fixtures';
import { isPhone, signIn, waitForIslands } from './helpers';

const rows = (page: Page) => page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');
const heading = (page: Page) => page.locator('#events-list-heading');

/** A UTC day `days` from the server's today as the date field shows it. */
function displayDay(days: number): string {
  return display(serverDay(days));
}

/** The server's count for the query the page makes of its URL (the island's own translation). */
async function apiTotal(page: Page): Promise<number> {
  const today = serverDay(0);
  const query = toListQuery(filtersFromSearch(new URL(page.url()).searchParams, today), today);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) for (const one of [v].flat()) q.append(k, String(one));
  q.set('limit', '1');
  const res = await page.request.get(`/api/v3/events/?${q}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as EventList).total;
}

/**
 * The page's total is the server's: loads the page again (the URL keeps the filters) when an
 * event came or went between the page's request and the check.
 */
async function expectServerTotal(page: Page): Promise<number> {
  let total = 0;
  let attempt = 0;
  await expect(async () => {
    if (attempt++) {
      await page.reload();
      await waitForIslands(page);
    }
    total = await apiTotal(page);
    await expect(heading(page)).toHaveText(`${total} event${total === 1 ? '' : 's'}`, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return total;
}

async function totalOf(page: Page): Promise<number> {
  await expect(heading(page)).toHaveText(/^\d+ events?$/);
  return Number((await heading(page).textContent())!.split(' ')[0]);
}

async function openFilters(page: Page) {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('region', { name: 'Event filters' });
  await expect(panel).toBeVisible();
  return panel;
}

test.describe('events list', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin', { next: '/events' });
    await expect(page).toHaveURL(/\/events$/);
  });

  test('shows the upcoming demo events with date, place and forecast, 30 at first', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(30);
    await expect(rows(page)).toHaveCount(30);
    const first = rows(page).first();
    // DD.MM.YYYY and HH:mm (UTC), a city, and the forecast verdict.
    await expect(first).toContainText(/\d{2}\.\d{2}\.\d{4}/);
    await expect(first).toContainText(/(Below expectation|On track|Above expectation|Sold out|Finished|No forecast yet)/);
    await expect(page.getByText(`Showing 30 of ${total}`)).toBeVisible();
  });

  test('search narrows the list and is kept in the URL', async ({ page }) => {
    await waitForIslands(page);
    const before = await totalOf(page);
    // The first listed event's title, from the same call the page makes.
    const first = await (await page.request.get(`/api/v3/events/?limit=1&since=${serverDay(0)}`)).json();
    const title: string = first.items[0].title;
    await page.getByRole('searchbox', { name: 'Search events' }).fill(title);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(title);
    await expect.poll(() => totalOf(page)).toBeLessThan(before);
    for (const text of await rows(page).allTextContents()) expect(text).toContain(title);

    await page.getByRole('searchbox', { name: 'Search events' }).fill('no event is called like this');
    await expect(page.getByText('No events found')).toBeVisible();
  });

  test('a filter updates the URL and the rows, and a reload keeps it', async ({ page }) => {
    await waitForIslands(page);
    const before = await totalOf(page);
    const panel = await openFilters(page);
    const city = panel.getByRole('group', { name: 'Cities' }).getByRole('checkbox').first();
    const cityName = (await city.locator('xpath=..').textContent())!.trim();
    await city.check();
    await expect.poll(() => new URL(page.url()).searchParams.getAll('city')).toEqual([cityName]);
    await expect(page.getByRole('button', { name: /Filters.*1 filter active/ })).toBeVisible();
    await expect.poll(() => totalOf(page)).toBeLessThan(before);
    for (const text of (await rows(page).allTextContents()).slice(0, 10)) expect(text).toContain(cityName);

    // After a reload the URL's filter still applies: the server's count for that city.
    await page.reload();
    await waitForIslands(page);
    await expectServerTotal(page);
    const again = await openFilters(page);
    await expect(again.getByRole('checkbox', { name: cityName })).toBeChecked();

    await again.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page).toHaveURL(/\/events$/);
    await expectServerTotal(page);
  });

  test('an invalid date shows "Invalid date" and the previous value comes back', async ({ page }) => {
    await waitForIslands(page);
    const panel = await openFilters(page);
    const from = panel.getByRole('textbox', { name: 'From' });
    const day = displayDay(10);
    await from.fill(day);
    await from.press('Enter');
    await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
    await expect(from).toHaveValue(day);

    await from.fill('31.02.2027');
    await from.press('Tab');
    await expect(panel.getByRole('alert')).toContainText('Invalid date');
    await expect(from).toHaveValue(day);

    // Before today needs "Include past events".
    await from.fill(displayDay(-30));
    await from.press('Enter');
    await expect(panel.getByRole('alert')).toContainText('Include past events');
    await expect(from).toHaveValue(day);
    await panel.getByRole('checkbox', { name: 'Include past events' }).check();
    await from.fill(displayDay(-30));
    await from.press('Enter');
    await expect(from).toHaveValue(displayDay(-30));
    await expect(page).toHaveURL(/past=1/);
  });

  test('a range option sets the end date and the calendar picks a day', async ({ page }) => {
    await waitForIslands(page);
    const panel = await openFilters(page);
    await panel.getByRole('combobox', { name: 'Range' }).selectOption('1w');
    await expect(panel.getByRole('textbox', { name: 'To' })).toHaveValue(displayDay(7));
    await expect(page).toHaveURL(/range=1w/);

    await panel.getByRole('button', { name: 'Choose the “To” date in a calendar' }).click();
    const calendar = page.getByRole('dialog', { name: 'To' });
    await expect(calendar.getByRole('grid')).toBeVisible();
    await calendar.locator('td button:not([disabled]):not([aria-label*="selected"])').last().click();
    await expect(calendar).toBeHidden();
    await expect(panel.getByRole('combobox', { name: 'Range' })).toHaveValue('custom');
  });

  test('scrolling to the end loads the next page', async ({ page }) => {
    await waitForIslands(page);
    const total = await totalOf(page);
    expect(total).toBeGreaterThan(60);
    await expect(rows(page)).toHaveCount(30);
    await rows(page).last().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(60);
    // The second page brings the count of its moment (other journeys may have added events). The
    // wheel may bring the end marker into view once more, and with it the third page: the status
    // follows the rows shown, whichever page has arrived.
    const now = await totalOf(page);
    const status = page.getByRole('status').filter({ hasText: /^Showing \d+ of/ });
    await expect.poll(async () => (await status.textContent()) === `Showing ${await rows(page).count()} of ${now}`, { timeout: 10_000 }).toBe(true);
  });

  test('a row opens the drawer on wide screens and the event page on phones', async ({ page }, testInfo) => {
    await waitForIslands(page);
    const first = rows(page).first();
    const id = await first.getAttribute('data-event-id');
    await first.click();
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
      return;
    }
    await expect(page).toHaveURL(new RegExp(`\\?drawer-open=true&event-id=${id}$`));
    const drawer = page.getByRole('dialog', { name: 'Event details' });
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);
    await expect(first).toBeFocused();

    // Closing went back in history: forward reopens the drawer, back closes it again.
    await page.goForward();
    await expect(page.getByRole('dialog', { name: 'Event details' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await first.click();
    await page.getByRole('button', { name: 'Close event details' }).click();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('drawer links open the drawer on wide screens and the mobile routes on phones', async ({ page }, testInfo) => {
    await waitForIslands(page);
    const id = await rows(page).first().getAttribute('data-event-id');
    await page.goto(`/events?city=Bonn&drawer-open=true&event-id=${id}&tab=1`);
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL(new RegExp(`/events/${id}/\\?tab=1$`));
      await page.goto(`/events?drawer-open=true&event-id=${id}&update-sales=documentUpload`);
      await expect(page).toHaveURL(new RegExp(`/events/${id}/update-sales/document_upload$`));
      await page.goto('/events?drawer-open=true');
      await expect(page).toHaveURL(/\/events$/);
      return;
    }
    await expect(page.getByRole('dialog', { name: 'Event details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/events\?city=Bonn$/);
  });

  test('a failed page says so and retries; a failed export says so', async ({ page }) => {
    await waitForIslands(page);
    await page.route('**/api/v3/events/?*', (route) => route.fulfill({ status: 500, json: { message: 'boom', error_code: 'error.server.internal' } }));
    await page.getByRole('searchbox', { name: 'Search events' }).fill('a');
    await expect(page.getByText('Error fetching data.')).toBeVisible();
    await page.unroute('**/api/v3/events/?*');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(rows(page).first()).toBeVisible();

    await page.route('**/api/v3/daily_revenue_summary/sales_edit_export?*', (route) =>
      route.fulfill({ status: 500, json: { message: 'boom', error_code: 'error.server.internal' } }),
    );
    await page.getByRole('button', { name: 'Export sales' }).click();
    await expect(page.getByText('There was an error exporting sales data').first()).toBeVisible();
  });
});

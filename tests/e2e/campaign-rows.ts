// The campaigns list's rows whose campaign is active, for the journeys that pick a running demo
// campaign (statistics, budget, status). The badge is matched exactly: a `hasText` filter ignores
// case, so "Active campaign" would also match "Inactive campaign". Every page is loaded first: the
// first page may hold only a few active campaigns.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { enText } from './helpers';

/**
 * `atLeast`: stop loading pages once that many active rows are there (the statistics journeys
 * take one of the first four). Without it every page is loaded (campaign status takes the last
 * one): on phones that is about 20 pages, which with the suite around it ran past the journey's
 * 90 s (CI of 58bf7d2).
 */
export async function activeCampaignRows(page: Page, atLeast = Number.POSITIVE_INFINITY): Promise<Locator> {
  const rows = page.getByRole('list', { name: enText('events.list.listLabel') }).locator('a[data-event-id]');
  const active = rows.filter({ has: page.getByText(enText('events.row.campaignActive'), { exact: true }) });
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const list = page.locator('section[aria-labelledby="events-list-heading"]');
  for (let i = 0; i < 20; i++) {
    // Decide on a settled list: while a page loads (aria-busy) the button is away.
    await expect(list).not.toHaveAttribute('aria-busy', 'true', { timeout: 20_000 });
    if ((await active.count()) >= atLeast) break;
    const more = page.getByRole('button', { name: enText('events.list.loadMore') });
    if (!(await more.isVisible())) break;
    const before = await rows.count();
    // Scrolling to the button also brings the list's end into view, where the infinite scroll may
    // load the page first and take the button away: a click that finds no button is fine; the
    // rows grow (or the next turn finds the list settled).
    await more.click({ timeout: 10_000 }).catch(() => undefined);
    // A click a loaded machine lost (the whole suite around it, npm run test:e2e:at) is tried
    // again on the next turn rather than failing the journey here.
    await expect.poll(async () => (await rows.count()) > before || !(await more.isVisible()), { timeout: 20_000 }).toBe(true).catch(() => undefined);
  }
  return active;
}

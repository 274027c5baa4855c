// The campaigns list's rows whose campaign is active, for the journeys that pick a running demo
// campaign (statistics, budget, status). The badge is matched exactly: a `hasText` filter ignores
// case, so "Active campaign" would also match "Inactive campaign". Every page is loaded first: the
// first page may hold only a few active campaigns.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { enText } from './helpers';

export async function activeCampaignRows(page: Page): Promise<Locator> {
  const rows = page.getByRole('list', { name: enText('events.list.listLabel') }).locator('a[data-event-id]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 10; i++) {
    const more = page.getByRole('button', { name: enText('events.list.loadMore') });
    if (!(await more.isVisible())) break;
    const before = await rows.count();
    await more.click();
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(before);
  }
  return rows.filter({ has: page.getByText(enText('events.row.campaignActive'), { exact: true }) });
}

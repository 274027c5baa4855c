// Issue 22, spec 2 §2 campaign statistics panel, as a user walks it from the demo's state: the
// Campaigns menu, the first show with an active campaign badge (the demo's campaigns were
// published through the sandbox and have delivered since), its Statistics tab. The figures must
// be the server's (fb_insights, campaign_results), FD by default with its 80 % range, and
// switching the event to Meta's attribution shows Meta's purchases. Desktop and phone pick
// different events so the two projects can run at once.
import fs from 'node:fs/promises';
import type { Page, TestInfo } from '@playwright/test';
import type { CampaignResults, FbInsights } from '../../src/lib/contracts/campaign-results';
import type { EventList } from '../../src/lib/contracts/events';
import type { RuntimeBudget } from '../../src/lib/contracts/runtime-budget';
import { activeCampaignRows } from './campaign-rows';
import { expect, test, withLock } from './fixtures';
import { enText, isPhone, openNavigation, signIn, waitForIslands } from './helpers';
import { expectCleanScreen } from './screen-checks';
import { pdfLayout } from '../helpers/pdf-text';

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/stats-${testInfo.project.name}-${name}.png`, fullPage: true });
}

const euro = (n: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(n);
const count = (n: number) => new Intl.NumberFormat('en').format(n);

test.describe('campaign statistics', () => {
  test('a running campaign’s statistics: ads, FD results with their range, the chart, and Meta’s attribution on request', async ({ page }, testInfo) => {
    test.slow();
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('link', { name: enText('nav.campaigns') }).click();
    await expect(page).toHaveURL(/\/campaigns(\?|$)/);
    await waitForIslands(page);
    const rows = page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const row = (await activeCampaignRows(page, 2)).nth(isPhone(testInfo) ? 1 : 0);
    await expect(row).toBeVisible();
    const id = (await row.getAttribute('data-event-id'))!;
    await row.click();
    const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
    await waitForIslands(page);

    await view.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
    const stats = view.getByTestId('campaign-statistics');
    await expect(stats).toBeVisible({ timeout: 20_000 });

    // The figures are the server's.
    const insights = (await (await page.request.get(`/api/v3/integrations/facebook/events/${id}/fb_insights`)).json()) as FbInsights;
    const ads = stats.getByTestId('campaign-ads');
    await expect(ads.locator('[data-stat="adSpend"]')).toHaveText(euro(insights.ad_spend));
    await expect(ads.locator('[data-stat="impressions"]')).toHaveText(count(insights.impressions));
    await expect(ads.locator('[data-stat="clicks"]')).toHaveText(count(insights.clicks));
    expect(insights.ad_spend).toBeGreaterThan(0);

    const fd = (await (await page.request.get(`/api/v3/integrations/facebook/events/${id}/campaign_results`)).json()) as CampaignResults;
    expect(fd.eval_name).toBe('FD');
    await expect(stats).toHaveAttribute('data-model', 'FD');
    const event = stats.getByTestId('results-event');
    await expect(event.locator('[data-stat="purchases"]')).toHaveText(count(fd.event_results!.total_transactions));
    await expect(stats.getByTestId('results-event-interval')).toHaveText(`80% range: ${count(fd.event_interval!.low)} – ${count(fd.event_interval!.high)} tickets`);
    await expect(stats.locator('figure, [role="img"], canvas').first()).toBeVisible();
    await expectCleanScreen(page, 'campaign statistics (FD)', { include: '[data-testid="campaign-statistics"]' });
    await shot(page, testInfo, '1-fd');

    // spec 2 §2: the report as a PDF, through the button; it prints the spend the tab shows.
    const button = stats.getByTestId('report-download');
    await expect(button).toHaveText(enText('campaigns.report.download'));
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/ – campaign report \d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await fs.readFile(await download.path());
    const shown = (await ads.locator('[data-stat="adSpend"]').textContent())!;
    const lines = pdfLayout(pdf).lines.map((l) => l.text);
    expect(lines.join(' ')).toContain(shown);
    expect(lines).toContain(enText('campaigns.report.title'));
    await expect(button).not.toHaveAttribute('aria-busy');
    await expect(button).toBeFocused();
    await expect(stats.getByTestId('report-error')).toHaveCount(0);

    // The user asks for Meta's numbers for this event: the purchases Meta reports.
    await stats.getByTestId('attribution-model').selectOption('META');
    await expect(stats).toHaveAttribute('data-model', 'META', { timeout: 15_000 });
    const meta = (await (await page.request.get(`/api/v3/integrations/facebook/events/${id}/campaign_results`)).json()) as CampaignResults;
    await expect(stats.getByTestId('results-event').locator('[data-stat="purchases"]')).toHaveText(count(meta.event_results!.total_transactions));
    await expect(stats.getByTestId('results-series')).toHaveAttribute('data-disabled', 'true');
    await shot(page, testInfo, '2-meta');

    // The choice is the event's: a reload keeps it.
    await page.reload();
    await waitForIslands(page);
    await view.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
    await expect(view.getByTestId('campaign-statistics')).toHaveAttribute('data-model', 'META', { timeout: 20_000 });
  });
});

test.describe('the included events of the statistics tab', () => {
  test('the accordion lists the dates the series figures count, one opens its event, and the report’s link opens the list in view', async ({ page }, testInfo) => {
    test.slow();
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('link', { name: enText('nav.campaigns') }).click();
    await waitForIslands(page);
    const row = (await activeCampaignRows(page, 2)).nth(isPhone(testInfo) ? 1 : 0);
    const id = (await row.getAttribute('data-event-id'))!;
    await row.click();
    const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
    await waitForIslands(page);
    await view.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
    const stats = view.getByTestId('campaign-statistics');
    await expect(stats).toBeVisible({ timeout: 20_000 });

    // Which dates are included is the server's (frozen with the campaign); the series says how they look.
    const results = (await (await page.request.get(`/api/v3/integrations/facebook/events/${id}/campaign_results`)).json()) as CampaignResults;
    const series = (await (await page.request.get(`/api/v3/events/${id}/series`)).json()) as EventList;
    const ids = new Set(results.included_event_ids);
    const expected = series.items.filter((e) => ids.has(e.id)).map((e) => e.id);
    expect(expected).toContain(id);

    // Collapsed at first; a real button says so.
    const included = stats.getByTestId('included-events');
    const toggle = included.getByRole('button', { name: new RegExp(enText('campaigns.stats.included.title')) });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toContainText(ids.size === 1 ? '1 date' : `${ids.size} dates`);
    const list = included.getByTestId('included-events-list');
    await expect(list).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const links = list.getByRole('link');
    await expect(links).toHaveCount(expected.length, { timeout: 15_000 });
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('data-event-id')))).toEqual(expected);
    await expect(list.locator('a[aria-current="true"]')).toHaveAttribute('data-event-id', id);
    await expect(list.locator('a[aria-current="true"]')).toContainText(enText('campaigns.stats.included.thisEvent'));
    await expect(links.first()).toContainText('tickets sold');
    await expectCleanScreen(page, 'included events', { include: '[data-testid="included-events"]' });
    await shot(page, testInfo, '6-included');

    // The keyboard closes and opens it again.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(list).toBeHidden();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toHaveCount(expected.length);

    // Another date of the series (this one if it has none) opens as events open elsewhere: the
    // events drawer on wide screens, the event's page on phones.
    const target = expected.find((e) => e !== id) ?? id;
    const link = list.locator(`a[data-event-id="${target}"]`);
    const date = (await link.locator('time').textContent())!;
    await link.click();
    if (isPhone(testInfo)) await expect(page).toHaveURL(`/events/${target}`);
    else await expect(page).toHaveURL(`/events/?drawer-open=true&event-id=${target}`);
    await waitForIslands(page);
    await expect(page.getByTestId('event-date').filter({ visible: true })).toHaveText(date, { timeout: 20_000 });

    // The PDF report's "more events" link: the statistics tab with the list open and in view.
    await page.goto(`/campaigns/${id}?open_included_events=true`);
    if (isPhone(testInfo)) await expect(page).toHaveURL(`/campaigns/${id}`);
    else await expect(page).toHaveURL(`/campaigns?drawer-open=true&event-id=${id}`);
    await waitForIslands(page);
    const arrived = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    await expect(arrived.getByRole('tab', { name: enText('campaigns.tabs.statistics') })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
    const arrivedToggle = arrived.getByTestId('included-events-toggle');
    await expect(arrivedToggle).toHaveAttribute('aria-expanded', 'true', { timeout: 20_000 });
    await expect(arrived.getByTestId('included-events-list').getByRole('link')).toHaveCount(expected.length);
    await expect(arrivedToggle).toBeInViewport();
    await expect(arrivedToggle).toBeFocused();
    await expectCleanScreen(page, 'included events opened by the link', { include: '[data-testid="included-events"]' });
    await shot(page, testInfo, '7-included-link');
  });
});

test.describe('the included events when the series cannot be read', () => {
  test('the failure shows inside the open accordion with a retry that reads it again', async ({ page }, testInfo) => {
    test.slow();
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('link', { name: enText('nav.campaigns') }).click();
    await waitForIslands(page);
    await (await activeCampaignRows(page, 2)).nth(isPhone(testInfo) ? 1 : 0).click();
    const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
    await waitForIslands(page);
    await view.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
    const included = view.getByTestId('included-events');
    await expect(included).toBeVisible({ timeout: 20_000 });
    // Edge case: the series call fails once.
    await page.route('**/api/v3/events/*/series', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    await included.getByTestId('included-events-toggle').click();
    const alert = included.getByRole('alert');
    await expect(alert).toContainText(enText('campaigns.stats.included.failed'));
    await expectCleanScreen(page, 'included events failed', { include: '[data-testid="included-events"]' });
    await page.unroute('**/api/v3/events/*/series');
    await alert.getByRole('button', { name: enText('common.retry') }).click();
    await expect(included.getByTestId('included-events-list').getByRole('link').first()).toBeVisible({ timeout: 15_000 });
    await expect(alert).toHaveCount(0);
  });
});

test.describe('the campaign report when it cannot be made', () => {
  test('the failure is named beside the button and the button can be pressed again', async ({ page }, testInfo) => {
    test.slow();
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('link', { name: enText('nav.campaigns') }).click();
    await waitForIslands(page);
    const rows = page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    await rows.filter({ hasText: enText('events.row.campaignActive') }).nth(isPhone(testInfo) ? 1 : 0).click();
    const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
    await waitForIslands(page);
    await view.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
    const stats = view.getByTestId('campaign-statistics');
    await expect(stats).toBeVisible({ timeout: 20_000 });
    // Edge case: the server fails (a 500 without our error body), as it would with its font missing.
    await page.route('**/api/campaign/events/*/report.pdf*', (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
    const button = stats.getByTestId('report-download');
    await button.click();
    const error = stats.getByTestId('report-error');
    await expect(error).toHaveText(`${enText('campaigns.report.failed')} ${enText('common.errors.inServerResponse')}`);
    await expect(button).toHaveAttribute('aria-describedby', 'report-error');
    await expect(button).toBeFocused();
    await expectCleanScreen(page, 'report failure', { include: '[data-testid="campaign-statistics"]' });
    // Pressed again once the server answers: the PDF, and the message is gone.
    await page.unroute('**/api/campaign/events/*/report.pdf*');
    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    await expect(error).toHaveCount(0);
  });
});

test.describe('budget and runtime of a running campaign', () => {
  test('Edit, a new budget, the daily budget to confirm, the change applied', async ({ page, adminApi }, testInfo) => {
    test.slow();
    // Changes go to Meta with the partner's token: the sandbox system user (the wizard journey
    // connects through the settings page itself).
    await withLock('meta-connect-1001', () => adminApi.json('POST', '/api/v3/integrations/connect/facebook/token', { sandbox_system_user: true }));
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('link', { name: enText('nav.campaigns') }).click();
    await waitForIslands(page);
    const rows = page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');
    await expect(rows.first()).toBeVisible({ timeout: 20_000 });
    const row = (await activeCampaignRows(page, 4)).nth(isPhone(testInfo) ? 3 : 2);
    const id = (await row.getAttribute('data-event-id'))!;
    await row.click();
    const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
    const panel = view.getByTestId('budget-runtime');
    await expect(panel.getByTestId('budget-values')).toBeVisible({ timeout: 20_000 });
    await waitForIslands(page);

    const before = (await (await page.request.get(`/api/v3/campaigns/current_runtime_budget/${id}`)).json()) as RuntimeBudget;
    await expect(panel.locator('[data-value="budget"]')).toHaveText(euro(before.total_budget));
    await panel.getByTestId('budget-edit').click();
    const budget = Math.round(before.total_budget + 120);
    await panel.getByTestId('budget-input').fill(String(budget));
    await expectCleanScreen(page, 'budget editor', { include: '[data-testid="budget-runtime"]' });
    await shot(page, testInfo, '3-budget-edit');
    await panel.getByTestId('budget-save').click();

    // The daily budget the server computed, to confirm.
    const confirm = page.getByTestId('budget-confirm');
    await expect(confirm).toBeVisible({ timeout: 15_000 });
    const q = new URLSearchParams({ eid: id, budget: String(budget), start_date: before.start_date, end_date: before.end_date });
    const { new_daily_budget } = (await (await page.request.get(`/api/v3/campaigns/new_runtime_budget?${q}`)).json()) as { new_daily_budget: number };
    await expect(confirm.getByTestId('budget-daily')).toHaveText(`New daily budget: ${new Intl.NumberFormat('en', { style: 'currency', currency: 'EUR' }).format(new_daily_budget)}`);
    await shot(page, testInfo, '4-budget-confirm');
    await confirm.getByTestId('budget-confirm-button').click();
    await expect(confirm).toBeHidden();

    // The task runs in the background; the panel shows it pending, then the new budget.
    await expect(async () => {
      const refresh = panel.getByRole('button', { name: enText('campaigns.budget.refresh') });
      if (await refresh.isVisible()) await refresh.click();
      await expect(panel.locator('[data-value="budget"]')).toHaveText(euro(budget), { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
    await shot(page, testInfo, '5-budget-applied');
  });
});

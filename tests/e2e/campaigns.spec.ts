// spec 2 §2 Routes, ITC status box, New-setup panel, §4 ITC regeneration; spec 1 §2.9 (campaigns
// variant) and §2.10 (campaigns tab). Each test works on an event of its own (fixtures.ts), so the
// desktop and phone projects can run at once; an ITC run is per event, so both may regenerate.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { SuggestedTc } from '../../src/lib/contracts/taste-clusters';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, signIn } from './helpers';
import { openRecommendations } from './campaign-prep';

/**
 * Islands hydrated. Longer than helpers' waitForIslands: the other project's journey may be running
 * a taste-cluster run on the same server, which shares its event loop with the pages.
 */
async function waitForIslands(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
}

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-${name}.png`, fullPage: false });
}

const rows = (page: Page) => page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');

/** The recommendations view: the drawer's dialog on desktop, the page's main on phones. */
function view(page: Page, testInfo: TestInfo): Locator {
  return isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
}

test.describe('campaigns', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('the list opens an event’s recommendations: drawer on desktop, page on phones', async ({ page, salesEvent: event }, testInfo) => {
    await page.goto('/campaigns');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: enText('nav.campaigns') })).toBeVisible();
    // spec 1 §2.9: no trend indicator and no sales/add actions on /campaigns.
    await page.getByRole('searchbox', { name: 'Search events' }).fill(event.title);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute('href', `/campaigns/${event.id}`);
    await expect(page.getByRole('button', { name: /export/i })).toHaveCount(0);
    await shot(page, testInfo, 'list');
    await rows(page).first().click();
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    } else {
      await expect(page).toHaveURL(new RegExp(`drawer-open=true&event-id=${event.id}`));
      const drawer = page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
      await expect(drawer.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    }
    const v = view(page, testInfo);
    // Two tabs; statistics disabled without a campaign.
    await expect(v.getByRole('tab', { name: enText('campaigns.tabs.setup') })).toHaveAttribute('aria-selected', 'true');
    await expect(v.getByRole('tab', { name: enText('campaigns.tabs.statistics') })).toBeDisabled();
    await expect(v.getByTestId('campaign-list')).toContainText(enText('campaigns.list.empty'));
    await expect(v.getByTestId('itc-status')).toBeVisible();
    // The insights panel: the overview chart with its default eight-week range.
    await v.getByTestId('sales-overview').scrollIntoViewIfNeeded();
    await expect(v.getByRole('button', { name: enText('campaigns.insights.ranges.eightWeeks') })).toHaveAttribute('aria-pressed', 'true');
    await expect(v.getByTestId('sales-overview-summary')).toContainText('tickets');
    await shot(page, testInfo, isPhone(testInfo) ? 'page' : 'drawer');
  });

  test('an event without a run shows not_found and blocks the setup; a failed run offers a retry', async ({ page, ownEvent: event }, testInfo) => {
    const v = await openRecommendations(page, testInfo, event.id);
    const box = v.getByTestId('itc-status');
    await expect(box).toHaveAttribute('data-state', 'not_found');
    await expect(box.getByRole('button', { name: enText('campaigns.itc.generate') })).toBeVisible();
    await expect(v.getByTestId('start-setup')).toBeDisabled();
    await expect(v.getByTestId('new-setup')).toContainText(enText('campaigns.setup.clusters.waitItc'));

    // A run that failed (the worker cannot be made to fail on demand: the answer is replaced).
    await page.route(`**/api/v3/airflow_dag/${event.id}/itc_generator`, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            json: {
              dag_run_id: 'itc_1',
              status: 'failed',
              tc_run_id: 1,
              event_id: event.id,
              created_at: new Date().toISOString(),
              finished_at: null,
              progress: null,
              error: { error_code: 'error.itc.failed', message: 'Worker stopped' },
              summary: null,
            },
          })
        : route.continue(),
    );
    await page.reload();
    await waitForIslands(page);
    const failed = view(page, testInfo).getByTestId('itc-status');
    await expect(failed).toHaveAttribute('data-state', 'failed');
    await expect(failed).toContainText('Worker stopped');
    await expect(failed.getByRole('button', { name: enText('campaigns.itc.retry') })).toBeVisible();
    await expect(view(page, testInfo).getByTestId('start-setup')).toBeDisabled();
  });

  test('regenerates taste clusters and shows them in the accordion', async ({ page, salesEvent: event }, testInfo) => {
    extendTimeout(120_000);
    let v = await openRecommendations(page, testInfo, event.id);
    await v.getByTestId('recommendations-menu').click();
    await page.getByRole('menuitem', { name: enText('campaigns.itc.regenerate') }).click();
    let form: Locator;
    if (isPhone(testInfo)) {
      // spec 2 §2: below 1000 px the form is a page.
      await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}/itc$`));
      form = page.getByTestId('itc-form');
    } else {
      form = page.getByRole('dialog', { name: enText('campaigns.itc.form.titleFirst') }).getByTestId('itc-form');
    }
    await expect(form.getByLabel(enText('eventEdit.fields.name'))).toHaveValue(event.title);
    await shot(page, testInfo, 'itc-form');
    const saves: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && r.url().includes('/api/v3/events/') && saves.push(r.url()));
    await form.getByTestId('itc-submit').click();
    await expect(page.getByText(enText('campaigns.itc.form.startedFirst'), { exact: true })).toBeVisible();
    if (isPhone(testInfo)) await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}$`), { timeout: 15_000 });
    v = view(page, testInfo);
    const box = v.getByTestId('itc-status');
    await expect(box).toHaveAttribute('data-state', 'success', { timeout: 110_000 });
    // Nothing was changed: the event is not saved (spec 2 §4).
    expect(saves).toEqual([]);

    // The first run generated; with a run there, the form regenerates and says so.
    await v.getByTestId('recommendations-menu').click();
    await page.getByRole('menuitem', { name: enText('campaigns.itc.regenerate') }).click();
    if (isPhone(testInfo)) {
      await expect(page.getByRole('heading', { level: 1, name: enText('campaigns.itc.form.title') })).toBeVisible();
      await expect(page.getByTestId('itc-submit')).toHaveText(enText('campaigns.itc.form.submit'));
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}$`));
      v = view(page, testInfo);
    } else {
      const again = page.getByRole('dialog', { name: enText('campaigns.itc.form.title') });
      await expect(again.getByTestId('itc-submit')).toHaveText(enText('campaigns.itc.form.submit'));
      await page.keyboard.press('Escape');
      await expect(again).toBeHidden();
    }

    // The accordion holds the clusters the API suggests for the budget and goal the panel shows
    // (the default budget may have snapped into the range served for this runtime: not assumed).
    // Asked with the page's cookies, so in the interface's language as the accordion is.
    await expect(v.getByTestId('budget-hint')).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
    const budget = v.getByRole('textbox', { name: /^Total budget/ });
    await expect.poll(async () => Number(await budget.inputValue()), { timeout: 5_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(1_600); // past the panel's snap delay (1.5 s): the value it settles on
    const answer = await page.request.get(`/api/campaign/events/${event.id}/suggested_tcs?budget=${await budget.inputValue()}&goal=UTILIZATION`);
    expect(answer.ok()).toBe(true);
    const expected = (await answer.json()) as SuggestedTc[];
    expect(expected.length).toBeGreaterThan(0);
    const items = v.getByTestId('tc-item');
    await expect(items).toHaveCount(expected.length);
    await expect(v.getByTestId('tc-label')).toHaveText(expected.map((tc) => tc.alias));
    await items.first().locator('button[aria-expanded]').first().click();
    await expect(items.first()).toContainText(enText('campaigns.setup.clusters.attractiveness'));
    await expect(v.getByTestId('start-setup')).toBeEnabled();
    await shot(page, testInfo, isPhone(testInfo) ? 'page-clusters' : 'drawer-clusters');
    // Start setup opens the wizard's Accounts step (tests/e2e/setup-wizard.spec.ts goes on from there).
    await v.getByTestId('start-setup').click();
    await expect(v.getByTestId('setup-wizard')).toHaveAttribute('data-step', '2');
  });

  test('changing the event in the form saves it with skip_pipeline before regenerating', async ({ page, ownEvent: event }, testInfo) => {
    test.skip(isPhone(testInfo), 'the form is the same on the page; the modal is the wide variant');
    const v = await openRecommendations(page, testInfo, event.id);
    await v.getByTestId('itc-status').getByRole('button', { name: enText('campaigns.itc.generate') }).click();
    const form = page.getByRole('dialog', { name: enText('campaigns.itc.form.titleFirst') }).getByTestId('itc-form');
    await form.getByLabel(enText('eventEdit.fields.name')).fill(`${event.title} (renamed)`);
    const save = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes(`/api/v3/events/${event.id}`));
    const start = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes(`/airflow_dag/${event.id}/itc_generator`));
    await form.getByTestId('itc-submit').click();
    expect(new URL((await save).url()).searchParams.get('skip_pipeline')).toBe('true');
    await start;
    await expect(page.getByText(enText('campaigns.itc.form.startedSaved'), { exact: true })).toBeVisible();
    await expect(v.getByTestId('itc-status')).toHaveAttribute('data-state', /running|success/);
  });

  test('narrow screens go to the page, wide screens to the drawer; itc opens the form', async ({ page, ownEvent: event }, testInfo) => {
    test.skip(isPhone(testInfo), 'resizes a desktop window across the breakpoints');
    await page.setViewportSize({ width: 980, height: 900 });
    await page.goto(`/campaigns?drawer-open=true&event-id=${event.id}`);
    await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}$`));
    await page.goto(`/campaigns?drawer-open=true&event-id=${event.id}&itc=true`);
    // 980 px: the page, and under 1000 px the ITC form is a page too.
    await expect(page).toHaveURL(new RegExp(`/campaigns/${event.id}/itc$`));
    await expect(page.getByTestId('itc-form')).toBeVisible();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/campaigns/${event.id}?itc=true`);
    await expect(page).toHaveURL(new RegExp(`/campaigns\\?drawer-open=true&event-id=${event.id}`));
    await expect(page.getByRole('dialog', { name: enText('campaigns.itc.form.titleFirst') })).toBeVisible();
    await expect(page).not.toHaveURL(/itc=/);
  });

  test('the event detail’s campaigns tab leads to the recommendations', async ({ page, ownEvent: event }, testInfo) => {
    await page.goto(isPhone(testInfo) ? `/events/${event.id}?tab=1` : `/events?drawer-open=true&event-id=${event.id}&tab=1`);
    await waitForIslands(page);
    const tab = page.getByTestId('event-campaigns');
    await expect(tab).toContainText(enText('event.campaigns.none'));
    await tab.getByTestId('open-recommendations').click();
    await expect(page).toHaveURL(isPhone(testInfo) ? new RegExp(`/campaigns/${event.id}$`) : new RegExp(`/campaigns\\?drawer-open=true&event-id=${event.id}`));
    await expect(view(page, testInfo).getByTestId('recommendations')).toBeVisible();
  });
});

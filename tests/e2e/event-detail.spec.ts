// spec 1 §2.10, spec 3 "Event drawer" and "Routes": the event page below 991 px (on the desktop
// project a 980 px window, so the page shows in its wider layout), and the hand-over to the drawer
// on wide screens. Each test works on an event of its own (fixtures.ts: salesEvent, an upcoming
// event with sales and a forecast; ownEvent, one without): the two projects run at once.
import { seriousViolations } from './screen-checks';
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { EventItem, SalesGraph } from '../../src/lib/contracts/events';
import { formatCount, formatEventDate, formatPercent, predictionRange } from '../../src/islands/events/detail/format';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, signIn, waitForIslands } from './helpers';

const NARROW_DESKTOP = { width: 980, height: 900 };

async function openPage(page: Page, testInfo: TestInfo, path: string): Promise<void> {
  if (!isPhone(testInfo)) await page.setViewportSize(NARROW_DESKTOP);
  await page.goto(path);
  await waitForIslands(page);
}

test.describe('event page', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('shows the header and the benchmark numbers the API gives, before any chart', async ({ page, salesEvent: event }, testInfo) => {
    const chartCalls: string[] = [];
    page.on('request', (r) => {
      if (/daily_revenue_summary|\/series$|uplot/.test(r.url())) chartCalls.push(r.url());
    });
    await openPage(page, testInfo, `/events/${event.id}`);

    await expect(page.getByRole('heading', { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByTestId('event-date')).toHaveText(`${formatEventDate(event.start_date_time, event.category)} UTC`);
    if (event.city) await expect(page.getByText(event.city, { exact: false }).first()).toBeVisible();
    const b = event.benchmark;
    await expect(page.getByTestId('benchmark-now-value')).toHaveText(formatPercent(b.now.value, 'en'));
    await expect(page.getByTestId('benchmark-now-benchmark')).toHaveText(formatPercent(b.now.benchmark, 'en'));
    await expect(page.getByTestId('benchmark-prediction-value')).toHaveText(formatPercent(b.prediction.value, 'en'));
    await expect(page.getByTestId('benchmark-prediction-benchmark')).toHaveText(formatPercent(b.prediction.benchmark, 'en'));
    await expect(page.getByTestId('forecast-state')).toHaveText(enText(`event.benchmark.states.${b.state}`));
    await expect(page.getByText(`Based on ${b.comparables} comparable event`)).toBeVisible();
    // Far below the fold nothing has loaded yet (the other dates of the production).
    expect(chartCalls.filter((u) => /\/series$/.test(u))).toEqual([]);
  });

  test('draws the charts and bars as they scroll into view', async ({ page, salesEvent: event }, testInfo) => {
    await openPage(page, testInfo, `/events/${event.id}`);

    const trend = page.locator('[data-section="sales-trend"]');
    await trend.scrollIntoViewIfNeeded();
    await expect(trend.locator('[data-chart="sales-trend"][data-ready] canvas')).toBeVisible();
    await expect(trend.getByRole('figure', { name: 'Sales trend' })).toBeVisible();
    await expect(trend.getByRole('listitem').filter({ hasText: 'This event' })).toBeVisible();

    const tickets = (await (await page.request.get(`/api/v3/events/${event.id}/tickets`)).json()) as { price_categories: { categories: { name: string }[] } };
    await page.getByTestId('ticket-categories').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('ticket-categories').locator('li')).toHaveCount(tickets.price_categories.categories.length);
    await expect(page.getByTestId('ticket-types')).toContainText('Full price');

    const tx = page.locator('[data-section="transactions"]');
    await tx.scrollIntoViewIfNeeded();
    await expect(tx.locator('[data-chart="transactions"][data-ready] canvas')).toBeVisible();
    await tx.getByRole('button', { name: '2 weeks' }).click();
    await expect(tx.getByRole('button', { name: '2 weeks' })).toHaveAttribute('aria-pressed', 'true');
    await expect(tx.locator('[data-chart="transactions"][data-ready] canvas')).toBeVisible();

    const series = page.locator('[data-section="series"]');
    await series.scrollIntoViewIfNeeded();
    await expect(series.getByRole('combobox', { name: 'Show dates ahead' })).toHaveValue('oneYear');
  });

  test('keeps the tab in the URL', async ({ page, ownEvent: event }, testInfo) => {
    await openPage(page, testInfo, `/events/${event.id}`);

    const tabs = page.getByRole('tablist', { name: 'Event sections' });
    await expect(tabs.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await tabs.getByRole('tab', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(/[?&]tab=1/);
    await expect(page.getByRole('tabpanel', { name: 'Campaigns' })).toBeVisible();

    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('tab', { name: 'Campaigns' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Campaigns' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page).toHaveURL(/[?&]tab=0/);
    await expect(page.getByRole('tab', { name: 'Details' })).toBeFocused();
  });

  test('the flag switch flags and unflags the event, and it stays after a reload', async ({ page, ownEvent: event }, testInfo) => {
    await openPage(page, testInfo, `/events/${event.id}`);

    await page.getByRole('button', { name: 'Event actions' }).click();
    const flag = page.getByRole('menuitemcheckbox', { name: 'Flagged' });
    await expect(flag).toHaveAttribute('aria-checked', 'false');
    const put = page.waitForResponse((r) => r.url().endsWith(`/events/${event.id}/setup_frontend_status`));
    await flag.click();
    expect((await put).status()).toBe(204);
    await expect(flag).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('flagged-badge')).toBeVisible();

    await page.reload();
    await waitForIslands(page);
    await expect(page.getByTestId('flagged-badge')).toBeVisible();
    expect(((await (await page.request.get(`/api/v3/events/${event.id}`)).json()) as EventItem).frontend_status).toBe('FLAGGED');

    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Flagged' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Flagged' })).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('flagged-badge')).toHaveCount(0);
  });

  test('a refused status change says so', async ({ page, ownEvent: event }, testInfo) => {
    await openPage(page, testInfo, `/events/${event.id}`);
    await page.route('**/setup_frontend_status', (route) => route.fulfill({ status: 500, json: { message: 'down', error_code: 'error.common.internal' } }));

    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitemcheckbox', { name: 'Flagged' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to update status' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Flagged' })).toHaveAttribute('aria-checked', 'false');
  });

  test('archiving asks with the event title, hides the event and returns to /events', async ({ page, ownEvent: event }, testInfo) => {
    // An event of its own: journeys that count the listed events compare with the server's count at that moment.
    await openPage(page, testInfo, `/events/${event.id}`);

    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const dialog = page.getByRole('dialog', { name: 'Archive event' });
    await expect(dialog).toContainText(`Archive “${event.title}”?`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect(((await (await page.request.get(`/api/v3/events/${event.id}`)).json()) as EventItem).frontend_status).toBe('DEFAULT');

    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    await page.getByRole('dialog', { name: 'Archive event' }).getByRole('button', { name: 'Archive' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/events' && url.search === '');
    expect(((await (await page.request.get(`/api/v3/events/${event.id}`)).json()) as EventItem).frontend_status).toBe('HIDDEN');

    // An archived event keeps edit and add sales, and loses the flag and archive items.
    await openPage(page, testInfo, `/events/${event.id}`);
    await page.getByRole('button', { name: 'Event actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Flagged' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Archive' })).toHaveCount(0);
  });

  test('a manually added event says so and marks its manual sales', async ({ page, salesEvent: event }, testInfo) => {
    // The fixture's event is a manual one (created like a simulation, '-sim-' id) with manual sales.
    expect(event.id).toContain('-sim-');
    await openPage(page, testInfo, `/events/${event.id}`);
    await expect(page.getByTestId('manual-note')).toHaveText(enText('event.header.manualNote'));
    const tx = page.locator('[data-section="transactions"]');
    await tx.scrollIntoViewIfNeeded();
    await expect(tx.getByText(/manual adjustments? \(last on/)).toBeVisible();
  });

  test('add sales leads to the mobile sales route', async ({ page, ownEvent: event }, testInfo) => {
    await openPage(page, testInfo, `/events/${event.id}`);
    await page.getByRole('button', { name: 'Event actions' }).click();
    // On the page the two entries sit in the menu under an 'Add sales' label (no room for a submenu).
    await expect(page.getByRole('group', { name: 'Add sales' }).getByRole('menuitem')).toHaveText(['Manual upload', 'File upload']);
    await page.getByRole('menuitem', { name: 'File upload' }).click();
    await expect(page).toHaveURL(`/events/${event.id}/update-sales/document_upload`);
    await expect(page.getByRole('heading', { level: 1, name: enText('event.salesEdit.documentUpload.title') })).toBeVisible();
    await expect(page.getByTestId('sales-panel').getByText(event.title)).toBeVisible();
  });

  test('has no serious or critical accessibility violations, charts drawn and menu open', async ({ page, salesEvent: event }, testInfo) => {
    extendTimeout(30_000); // two axe runs over a page with two charts
    await openPage(page, testInfo, `/events/${event.id}`);
    const series = page.locator('[data-section="series"]');
    await series.scrollIntoViewIfNeeded();
    await expect(series.getByTestId('series-list').or(series.getByText('No other dates'))).toBeVisible();
    await expect(page.locator('[data-chart="transactions"][data-ready] canvas')).toBeVisible();
    await expect(page.locator('[data-chart="sales-trend"][data-ready] canvas')).toBeVisible();
    const serious = () => seriousViolations(page, { bestPractice: true });
    expect(await serious()).toEqual([]);
    await page.getByRole('button', { name: 'Event actions' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await serious()).toEqual([]);
  });

  test('an unknown event goes to the not-found page with its reason', async ({ page }, testInfo) => {
    await openPage(page, testInfo, '/events/e1001-does-not-exist');
    await expect(page).toHaveURL('/404?reason=EVENT404');
    await expect(page.getByText(enText('notFound.reasons.EVENT404'))).toBeVisible();
  });
});

/** The prediction box's words for the forecast's interval (public/locales/en: event.benchmark). */
function uncertaintyTexts(event: EventItem): { range: string; error: string } {
  const range = predictionRange(event.benchmark.prediction_interval, event.capacity)!;
  const error = event.benchmark.expected_error!;
  return {
    range: enText(range.unit === 'tickets' ? 'event.benchmark.predictionRange' : 'event.benchmark.predictionRangePercent')
      .replace('{{low}}', range.unit === 'tickets' ? formatCount(range.low, 'en') : formatPercent(range.low, 'en'))
      .replace('{{high}}', range.unit === 'tickets' ? formatCount(range.high, 'en') : formatPercent(range.high, 'en')),
    error: enText(error === 1 ? 'event.benchmark.expectedError_one' : 'event.benchmark.expectedError_other').replace('{{tickets}}', formatCount(error, 'en')),
  };
}

/** The tooltip's band row at the graph's last day (the event day), as the chart writes it. */
function lastBandRow(graph: SalesGraph): string {
  const end = graph.sales[graph.sales.length - 1];
  return `${enText('event.salesTrend.band')}: ${formatPercent(end.norm_tickets_predicted_low, 'en')} – ${formatPercent(end.norm_tickets_predicted_high, 'en')}`;
}

/** The sales trend drawn with its forecast path but no 80 % band: not in the chart, legend or tooltip. */
async function expectTrendWithoutBand(page: Page, trend: Locator) {
    await trend.scrollIntoViewIfNeeded();
    await expect(trend.locator('[data-chart="sales-trend"][data-ready] canvas')).toBeVisible();
    await expect(trend.locator('[data-chart="sales-trend"]')).not.toHaveAttribute('data-bands');
    await expect(trend.getByRole('listitem').filter({ hasText: enText('event.salesTrend.predicted') })).toBeVisible();
    await expect(trend.getByRole('listitem').filter({ hasText: enText('event.salesTrend.band') })).toHaveCount(0);
    await trend.getByRole('figure', { name: 'Sales trend' }).focus();
    await page.keyboard.press('End');
    await expect(page.getByTestId('sales-trend-tooltip').locator('[data-series="predicted"]')).toBeVisible();
    await expect(page.getByTestId('sales-trend-tooltip').locator('[data-series="band"]')).toHaveCount(0);
}

test.describe('forecast uncertainty (issue 12)', () => {
  test('the event page draws the 80 % range as a band and says how far off the forecast usually is', async ({ page, salesEvent: event }, testInfo) => {
    // The forecast engine gives an upcoming event with sales an interval and its usual error.
    expect(event.benchmark.prediction_interval).not.toBeNull();
    expect(event.benchmark.expected_error).not.toBeNull();
    await signIn(page, 'admin');
    await openPage(page, testInfo, `/events/${event.id}`);
    const texts = uncertaintyTexts(event);
    await expect(page.getByTestId('prediction-range')).toHaveText(texts.range);
    await expect(page.getByTestId('expected-error')).toHaveText(texts.error);

    const graph = (await (await page.request.get(`/api/v3/events/${event.id}/sales-graph`)).json()) as SalesGraph;
    const trend = page.locator('[data-section="sales-trend"]');
    await trend.scrollIntoViewIfNeeded();
    await expect(trend.locator('[data-chart="sales-trend"][data-ready][data-bands="1"] canvas')).toBeVisible();
    await expect(trend.getByRole('listitem').filter({ hasText: enText('event.salesTrend.band') })).toBeVisible();
    // The keyboard walks the days; End is the event day, where the band is widest.
    await trend.getByRole('figure', { name: 'Sales trend' }).focus();
    await page.keyboard.press('End');
    const tooltip = page.getByTestId('sales-trend-tooltip');
    await expect(tooltip).toBeVisible();
    await expect(tooltip.locator('[data-series="band"]')).toHaveText(lastBandRow(graph));
    await expect(tooltip.locator('[data-series="predicted"]')).toContainText(formatPercent(graph.sales[graph.sales.length - 1].norm_tickets_predicted, 'en'));
    await expect(trend.locator('#sales-trend-summary')).toContainText(formatPercent(graph.sales[graph.sales.length - 1].norm_tickets_predicted_high, 'en'));
    await page.keyboard.press('Escape');
    await expect(tooltip).toBeHidden();
  });

  test('without an interval the sales trend draws no band', async ({ page, salesEvent: event }, testInfo) => {
    // The graph as a forecast without an interval answers it (the engine's null). The words of the
    // box come with the server-rendered page here; the drawer test below checks them without one.
    await page.route(`**/api/v3/events/${event.id}/sales-graph`, async (route) => {
      const body = (await (await route.fetch()).json()) as SalesGraph;
      await route.fulfill({ json: { sales: body.sales.map((p) => ({ ...p, norm_tickets_predicted_low: null, norm_tickets_predicted_high: null })) } });
    });
    await signIn(page, 'admin');
    await openPage(page, testInfo, `/events/${event.id}`);
    const trend = page.locator('[data-section="sales-trend"]');
    await expectTrendWithoutBand(page, trend);
    await expect(trend.locator('#sales-trend-summary')).not.toContainText(enText('event.salesTrend.summaryBand').slice(0, 12));
  });
});

test.describe('wide screens', () => {
  test.skip(({ isMobile }) => isMobile, 'the hand-over to the drawer needs 991 px');

  test('the event page and the mobile sales route hand over to the drawer on /events', async ({ page, ownEvent: event }) => {
    await signIn(page, 'admin');
    await page.goto(`/events/${event.id}?tab=1`);
    await expect(page).toHaveURL(`/events/?drawer-open=true&event-id=${event.id}&tab=1`);
    await page.goto(`/events/${event.id}/update-sales/sales_summary`);
    await expect(page).toHaveURL(`/events?event-id=${event.id}&drawer-open=true&update-sales=SALESSUMMARY`);
  });

  test('the drawer shows the detail: numbers, tab in the URL, add sales through the submenu', async ({ page, salesEvent: event }) => {
    await signIn(page, 'admin');
    await page.goto(`/events/?drawer-open=true&event-id=${event.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    await expect(drawer.getByTestId('benchmark-now-value')).toHaveText(formatPercent(event.benchmark.now.value, 'en'));

    await drawer.getByRole('tab', { name: 'Campaigns' }).click();
    await expect(page).toHaveURL(/[?&]tab=1/);
    await expect(page).toHaveURL(new RegExp(`event-id=${event.id}`));
    await drawer.getByRole('tab', { name: 'Details' }).click();

    await drawer.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: 'Add sales' }).press('ArrowRight');
    await page.getByRole('menuitem', { name: 'Manual upload' }).press('Enter');
    await expect(page).toHaveURL(/[?&]update-sales=SALESSUMMARY/);
  });

  test('the drawer says how far off the forecast usually is', async ({ page, salesEvent: event }) => {
    expect(event.benchmark.expected_error).not.toBeNull();
    await signIn(page, 'admin');
    await page.goto(`/events/?drawer-open=true&event-id=${event.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('expected-error')).toHaveText(uncertaintyTexts(event).error);
    await expect(drawer.getByTestId('prediction-range')).toHaveText(uncertaintyTexts(event).range);
    await drawer.locator('[data-section="sales-trend"]').scrollIntoViewIfNeeded();
    await expect(drawer.locator('[data-chart="sales-trend"][data-ready][data-bands="1"]')).toBeVisible();
  });

  test('the drawer shows neither band nor words when the forecast has no interval', async ({ page, salesEvent: event }) => {
    // The same event as a forecast without an interval would answer (the engine's null).
    await page.route(`**/api/v3/events/${event.id}`, async (route) => {
      const body = (await (await route.fetch()).json()) as EventItem;
      await route.fulfill({ json: { ...body, benchmark: { ...body.benchmark, prediction_interval: null, expected_error: null } } });
    });
    await page.route(`**/api/v3/events/${event.id}/sales-graph`, async (route) => {
      const body = (await (await route.fetch()).json()) as SalesGraph;
      await route.fulfill({ json: { sales: body.sales.map((p) => ({ ...p, norm_tickets_predicted_low: null, norm_tickets_predicted_high: null })) } });
    });
    await signIn(page, 'admin');
    await page.goto(`/events/?drawer-open=true&event-id=${event.id}`);
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('benchmark-prediction-value')).toHaveText(formatPercent(event.benchmark.prediction.value, 'en'));
    await expect(drawer.getByTestId('expected-error')).toHaveCount(0);
    await expect(drawer.getByTestId('prediction-range')).toHaveCount(0);
    const trend = drawer.locator('[data-section="sales-trend"]');
    await expectTrendWithoutBand(page, trend);
  });
});

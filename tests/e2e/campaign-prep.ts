// Campaign preparation for the edge-case journeys of the setup wizard (the main journey walks it
// through the interface): partner 1001's Meta assets through the sandbox system user
// (docs/SANDBOX-META.md) and a finished taste-cluster run of the event.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { SetupProcess } from '../../src/lib/contracts/setup-process';
import type { ApiSession } from './api';
import { expect, withLock } from './fixtures';
import { enText, isPhone } from './helpers';
import { uploadMedia } from './media-upload';

export async function connectMetaAndClusters(api: ApiSession, eventId: string): Promise<void> {
  await withLock('meta-connect-1001', () => api.json('POST', '/api/v3/integrations/connect/facebook/token', { sandbox_system_user: true }));
  const itc = `/api/v3/airflow_dag/${encodeURIComponent(eventId)}/itc_generator`;
  await api.json('POST', itc);
  await expect
    // (a connection reset while the run keeps the shared machine busy is asked again, not a failure)
    .poll(() => api.json<{ status: string }>('GET', itc).then((r) => r.status, (err: Error) => (/ECONNRESET|socket hang up/.test(err.message) ? 'unreachable' : Promise.reject(err))), { timeout: 150_000, intervals: [2000] })
    .toBe('success');
}

/**
 * The event's campaign recommendations as a user opens them: the drawer on the campaigns page on
 * desktop, the event's own campaigns page on a phone. Islands hydrate late on a loaded machine
 * (both projects may run a taste-cluster run at once), hence the long first wait.
 */
export async function openRecommendations(page: Page, testInfo: TestInfo, eventId: string): Promise<Locator> {
  await page.goto(isPhone(testInfo) ? `/campaigns/${eventId}` : `/campaigns?drawer-open=true&event-id=${eventId}`);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 45_000 });
  const view = isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') });
  await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 15_000 });
  return view;
}

/** What the creative and targeting forms (and the preview modal) would save for every cluster: the Ads step complete. */
export async function fillAdsThroughApi(api: ApiSession, page: Page, eventId: string): Promise<SetupProcess> {
  const path = `/api/v3/setup_processes/${encodeURIComponent(eventId)}`;
  const setup = await api.json<SetupProcess>('GET', path);
  const upload = await uploadMedia(page.request, new URL(page.url()).origin);
  const creatives = setup.creatives.map((c) => ({
    ...c,
    headline: ['An evening to remember', 'Tickets are going fast'],
    body: ['Hear the orchestra live this season.'],
    media: [{ id: upload.id, index: 0, name: 'poster.png', url: upload.url, size: upload.size, type: 'image/png' as const, width: 1080, height: 1080, status: 'SUCCESS' as const }],
    destination_url: ['https://tickets.example.org/concert'],
    call_to_action: 'BUY_TICKETS' as const,
    description: 'Live in concert',
  }));
  const targeting = setup.creatives.map((c) => ({ tc: c.tc, tc_run_id: c.tc_run_id, targeting_mode: 'fd_targeting' as const, age_range: { min: 25, max: 65 }, postal_codes: {}, range_locations: null }));
  return api.json<SetupProcess>('PUT', path, { creatives, targeting });
}

/** Accounts step: the first pixel offered and the first conversion of it (a sales goal needs a pixel: setup-rules pixelRequired). */
export async function choosePixelAndConversion(wizard: Locator): Promise<void> {
  const pixel = wizard.getByTestId('asset-facebook.pixel');
  await pixel.selectOption(await pixel.locator('option:not([disabled]):not([value=""])').first().getAttribute('value'));
  const conversion = wizard.getByTestId('conversion');
  await expect(conversion.locator('option:not([value=""])').first()).toBeAttached({ timeout: 15_000 });
  await conversion.selectOption({ index: 1 });
}

/**
 * Summary step: Publish, then the confirmation of what will be spent (the budget and both days as
 * the summary shows them; the variations left disabled, when there are) and "Publish now".
 */
export async function publishAndConfirm(page: Page, summary: Locator, { disabled = 0 }: { disabled?: number } = {}): Promise<Locator> {
  const publish = summary.getByTestId('wizard-next');
  await expect(publish).toHaveText(enText('campaigns.wizard.actions.publish'));
  await expect(publish).toBeEnabled({ timeout: 15_000 });
  await publish.click();
  const confirm = page.getByRole('dialog', { name: /^Publish \d+ campaigns?\?$/ });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('publish-spend')).toHaveText(/^Meta starts delivering your ads and spends up to €[\d,]+(\.\d\d)? between \d\d\.\d\d\.\d{4} and \d\d\.\d\d\.\d{4}\.$/);
  // The journeys publish to the sandbox (the default): the question says nothing is spent.
  await expect(confirm.getByTestId('publish-sandbox')).toContainText('no money is spent');
  if (disabled > 0) await expect(confirm.getByTestId('publish-disabled')).toContainText(`${disabled} ad variation`);
  else await expect(confirm.getByTestId('publish-disabled')).toHaveCount(0);
  return confirm;
}

/**
 * On /campaigns, through the filter panel: events from `fromDisplayDay` (DD.MM.YYYY) on, of the
 * ticketing system only (other journeys add manual events and products to the same partner while
 * one runs). Answers the shows without a campaign that are no product (a voucher has no line-up
 * for the clusters).
 */
export async function showsWithoutCampaign(page: Page, fromDisplayDay: string): Promise<Locator> {
  await page.getByRole('button', { name: /^Filters/ }).click();
  const panel = page.getByRole('region', { name: 'Event filters' });
  const from = panel.getByRole('textbox', { name: 'From' });
  await from.fill(fromDisplayDay);
  await from.press('Enter');
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}/);
  await panel.getByRole('radio', { name: enText('events.filters.sourceOptions.api'), exact: true }).check();
  await expect(page).toHaveURL(/source=api/);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const rows = page.getByRole('list', { name: 'Events' }).locator('a[data-event-id]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  return rows
    .filter({ hasNotText: enText('events.row.campaignActive') })
    .filter({ hasNotText: enText('events.row.campaignInactive') })
    .filter({ hasNotText: enText('events.row.categories.product') });
}

/** Types one entry of a text list of the creative form (cleared first, typed key by key as a user does). */
export async function typeEntry(form: Locator, field: 'headline' | 'body' | 'destination_url', index: number, text: string): Promise<void> {
  const box = form.locator(`[data-field="${field}"]`).getByRole('textbox').nth(index);
  await box.fill('');
  await box.pressSequentially(text);
}

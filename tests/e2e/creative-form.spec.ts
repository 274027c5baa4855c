// spec 2 §2 Campaign creative form, §4 Topic report and autofill, §5 Creative (editor): the Ads
// step's creative form on a real setup. The way there goes through the API (the journey of the
// whole wizard is the wizard's own): the sandbox system user connects Meta, a taste-cluster run
// gives the event its clusters, a setup is started with them and saved at step 3, and Continue
// setup opens the Ads step. Needs the wizard shell (branch `wizard`) and the user_reports API.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { AssetList } from '../../src/lib/contracts/meta-connect';
import type { SuggestedTc } from '../../src/lib/contracts/taste-clusters';
import { expect, extendTimeout, test, withLock } from './fixtures';
import type { ApiSession } from './api';
import { enText, isPhone, signIn } from './helpers';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const SHOTS = process.env.E2E_SCREENSHOTS;

/** A setup of the event saved at the Ads step, with an ad account and a page; its first cluster. */
async function setupAtAdsStep(api: ApiSession, eventId: string): Promise<SuggestedTc> {
  await api.json('POST', '/api/v3/integrations/connect/facebook/token', { sandbox_system_user: true });
  const assets = await api.json<AssetList>('GET', '/api/v3/integrations/connect/facebook/assets?is_enabled=true');
  const pick = (key: string) => assets.items.find((a) => a.key === key && a.is_enabled && a.valid);
  const adAccount = pick('facebook.ad_account');
  const fbPage = pick('facebook.profile');
  expect(adAccount && fbPage, 'the sandbox system user reaches an ad account and a page').toBeTruthy();

  await api.json('POST', `/api/v3/airflow_dag/${eventId}/itc_generator`);
  await expect
    .poll(async () => (await api.json<{ status: string }>('GET', `/api/v3/airflow_dag/${eventId}/itc_generator`)).status, { timeout: 110_000, intervals: [2_000] })
    .toBe('success');
  const tcs = await api.json<SuggestedTc[]>('GET', `/api/campaign/events/${eventId}/suggested_tcs?budget=1000&goal=UTILIZATION`);
  expect(tcs.length).toBeGreaterThan(0);

  const path = `/api/v3/setup_processes/${encodeURIComponent(eventId)}`;
  await api.call('DELETE', `${path}?cancel=false`);
  await api.json('POST', path, {
    goal: 'UTILIZATION',
    total_budget: 1000,
    start_date: day(1),
    end_date: day(40),
    creatives: tcs.slice(0, 2).map((t) => ({ tc: t.tc, tc_run_id: t.tc_run_id })),
    integration_details: [
      { asset_class: 'facebook.ad_account', asset_id: adAccount!.id, platform: 'facebook' },
      { asset_class: 'facebook.profile', asset_id: fbPage!.id, platform: 'facebook' },
    ],
  });
  await api.json('PUT', path, { wizard: { current_step: 3, current_completed_step: 2, preview_viewed: false } });
  return tcs[0]!;
}

async function openAdsStep(page: Page, testInfo: TestInfo, eventId: string): Promise<Locator> {
  await page.goto(isPhone(testInfo) ? `/campaigns/${eventId}` : `/campaigns?drawer-open=true&event-id=${eventId}`);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
  // A reload comes back to the saved step (spec 2 §3 Wizard state); from step 1, Continue setup.
  const ads = page.getByTestId('ads-step');
  await expect(ads.or(page.getByTestId('start-setup'))).toBeVisible({ timeout: 15_000 });
  if (!(await ads.isVisible())) await page.getByTestId('start-setup').click();
  await expect(ads).toBeVisible({ timeout: 15_000 });
  return page.getByTestId('creative-form');
}

test('the creative form: lists with counters, URL check, call to action, audiences, keyword report, variations', async ({ page, adminApi, salesEvent: event }, testInfo) => {
  extendTimeout(200_000);
  await withLock('meta-connect-admin', async () => {
    const cluster = await setupAtAdsStep(adminApi, event.id);
    await signIn(page, 'admin');
    const form = await openAdsStep(page, testInfo, event.id);
    const saved = () => adminApi.json<{ creatives: { tc: number; headline: string[]; destination_url: string[]; call_to_action: string | null; audience_id: string | null }[] }>('GET', `/api/v3/setup_processes/${encodeURIComponent(event.id)}`);
    const mine = async () => (await saved()).creatives.find((c) => c.tc === cluster.tc)!;

    // spec 2 §5: three entries shown, up to five, removal only past the third.
    const headlines = form.locator('[data-field="headline"]');
    await expect(headlines.getByRole('textbox')).toHaveCount(3);
    await expect(headlines.getByRole('button', { name: /^Remove headline/ })).toHaveCount(0);
    const add = headlines.getByRole('button', { name: enText('campaigns.wizard.creative.headline.add') });
    await add.click();
    await add.click();
    await expect(headlines.getByRole('textbox')).toHaveCount(5);
    await expect(add).toBeDisabled();
    await headlines.getByRole('button', { name: 'Remove headline 5' }).click();
    await expect(headlines.getByRole('textbox')).toHaveCount(4);

    // Counter bands and the "fewer than 6 characters remain" warning.
    const first = headlines.getByRole('textbox', { name: 'Headline 1', exact: true });
    await first.fill('Jazz night at the hall');
    await expect(headlines.getByText('22/80')).toHaveAttribute('data-band', 'green');
    await first.fill('x'.repeat(77));
    await expect(headlines.getByText('77/80')).toHaveAttribute('data-band', 'red');
    await expect(headlines.getByText('Only 3 characters left')).toBeVisible();
    await first.fill('Jazz night at the hall');

    // The URL pattern is checked on blur; valid URLs are saved trimmed.
    const urls = form.locator('[data-field="destination_url"]');
    const url1 = urls.getByRole('textbox', { name: 'Destination URL 1', exact: true });
    await url1.fill('tickets-example');
    await url1.blur();
    await expect(urls.getByText(enText('common.errors.wrongUrlFormat'))).toBeVisible();
    await url1.fill(' https://tickets.example.com/jazz ');
    await url1.blur();
    await expect(urls.getByText(enText('common.errors.wrongUrlFormat'))).toHaveCount(0);

    // Call to action from the server; audiences of the ad account (comma-separated ids).
    const cta = form.getByLabel(/^Call to action/);
    await expect(cta.locator('option')).not.toHaveCount(1);
    await cta.selectOption({ index: 1 });
    await form.getByRole('button', { name: /^Audiences/ }).click();
    const dropdown = page.getByRole('dialog', { name: 'Audiences' });
    await expect(dropdown.getByRole('checkbox')).not.toHaveCount(0);
    await dropdown.getByRole('checkbox').nth(0).check();
    await dropdown.getByRole('checkbox').nth(1).check();
    await page.keyboard.press('Escape');
    await expect(form.getByRole('list', { name: enText('campaigns.wizard.creative.audience.chosen') }).getByRole('listitem')).toHaveCount(2);

    await expect
      .poll(async () => {
        const c = await mine();
        return [c.headline[0], c.destination_url[0], !!c.call_to_action, c.audience_id?.split(',').length ?? 0];
      }, { timeout: 10_000 })
      .toEqual(['Jazz night at the hall', 'https://tickets.example.com/jazz', true, 2]);

    // The variation indicator: 1 headline × 0 bodies × 0 media.
    await expect(form.getByTestId('variation-indicator')).toHaveAttribute('data-band', 'insufficient');

    // A keyword report: Send with a comment disables the chip and stores the report.
    // (the page shows the keywords in its language, so the chip is taken from the page)
    const chip = form.getByRole('list', { name: enText('campaigns.wizard.creative.keywords.label') }).locator('button:enabled').first();
    await chip.click();
    const popover = page.getByRole('dialog').filter({ hasText: enText('campaigns.wizard.creative.keywords.comment') });
    await expect(popover).toContainText(/Sent automatically in \d+ seconds?/);
    await popover.getByLabel(enText('campaigns.wizard.creative.keywords.comment')).fill('not this event');
    await popover.getByRole('button', { name: enText('campaigns.wizard.creative.keywords.send') }).click();
    await expect(popover).toHaveCount(0);
    await expect(form.locator('button[data-reported]')).toHaveCount(1);
    await expect(form.locator('button[data-reported]')).toBeDisabled();
    const reports = await adminApi.json<{ items: { keyword: string; description: string }[] }>('GET', `/api/v3/user_reports?event_id=${encodeURIComponent(event.id)}&tc=${cluster.tc}&tc_run_id=${cluster.tc_run_id}`);
    expect(reports.items).toContainEqual(expect.objectContaining({ description: 'not this event' }));
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/${testInfo.project.name}-creative-form.png` });
  });
});

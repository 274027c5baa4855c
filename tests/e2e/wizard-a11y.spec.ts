// Issue 20 §2.4, §2.6, §2.7 and §5, edge cases of the setup wizard checked per screen size: on every
// step (the new-setup panel, Accounts, Ads with several taste clusters and its postal-code and
// radius dialogs open, Summary, the previews) and on settings #meta, axe finds nothing serious or
// critical and nothing widens the page past the screen; a refused toggle in settings #meta is
// answered beside its switch. On desktop a keyboard-only walk asserts where the focus lands after
// Start, Next, a dialog's save or close, an upload, AI autofill and the previews, that Shift+Tab
// leaves the first control backwards, that a disabled Next says why, and that no tab stop is
// invisible.
//
// The Meta connection, the taste-cluster run and the choice of clusters are prepared through the
// API (the clusters are chosen directly: how many the model suggests for a budget depends on the
// day's demo data). The UI-only main journey is setup-wizard-e2e.spec.ts.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { SetupProcess } from '../../src/lib/contracts/setup-process';
import type { EventCampaignsResponse } from '../../src/lib/contracts/taste-clusters';
import type { ApiSession } from './api';
import { serverDay } from './clock';
import { expect, extendTimeout, test, withLock } from './fixtures';
import { enText, isPhone, signIn, waitForIslands } from './helpers';
import { png } from '../helpers/media-fixtures';
import { expectCleanScreen } from './screen-checks';
import { choosePixelAndConversion, connectMetaAndClusters, fillAdsThroughApi, openRecommendations } from './campaign-prep';

const SHOTS = process.env.E2E_SCREENSHOTS;
const T = (key: string) => enText(`campaigns.wizard.${key}`);

/** axe finds nothing serious or critical and the page is no wider than the screen (screen-checks.ts). */
async function screenIsSound(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expectCleanScreen(page, name);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/wizard-a11y-${testInfo.project.name}-${name}.png` });
}

/** The dialog lies within the screen. */
async function fitsScreen(page: Page, dialog: Locator): Promise<void> {
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
}

/** A setup of the run's first `count` clusters (at least two), chosen directly. */
async function startSetup(api: ApiSession, eventId: string, count: number): Promise<SetupProcess> {
  const clusters = await api.json<EventCampaignsResponse>('GET', `/api/campaign/events/${encodeURIComponent(eventId)}/campaigns?limit=200`);
  expect(clusters.items.length, 'the run has clusters to choose from').toBeGreaterThanOrEqual(2);
  const chosen = clusters.items.slice(0, count);
  return api.json<SetupProcess>('POST', `/api/v3/setup_processes/${encodeURIComponent(eventId)}`, {
    goal: 'UTILIZATION',
    total_budget: 1500,
    start_date: serverDay(1),
    end_date: serverDay(60),
    creatives: chosen.map((c) => ({ tc: c.tc, tc_run_id: c.tc_run_id })),
  });
}

async function saved(wizard: Locator): Promise<void> {
  await expect(wizard.getByTestId('save-note')).toHaveText(T('autosave.savedNow'), { timeout: 10_000 });
}

test.describe('setup wizard: layout and accessibility', () => {
  test('every step, the geo dialogs, the previews and settings #meta: no axe findings, nothing wider than the screen', async ({ page, salesEvent: event, adminApi }, testInfo) => {
    extendTimeout(600_000); // eleven axe scans and a taste-cluster run
    await connectMetaAndClusters(adminApi, event.id);
    await signIn(page, 'admin');

    // Step 1: the new-setup panel.
    let v = await openRecommendations(page, testInfo, event.id);
    await expect(v.getByTestId('start-setup')).toBeEnabled({ timeout: 20_000 });
    await screenIsSound(page, testInfo, '1-panel');
    // The budget's slider and box are two tab stops with two names.
    const slider = v.getByRole('slider', { name: enText('campaigns.setup.budget.slider'), exact: true });
    const box = v.getByRole('textbox', { name: /^Total budget/ });
    await expect(slider).toHaveCount(1);
    await expect(box).toHaveCount(1);
    expect(await slider.evaluate((el) => el.getAttribute('aria-label'))).not.toBe(await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent));

    // Three clusters: the tab strip is wider than a phone.
    await startSetup(adminApi, event.id, 3);
    v = await openRecommendations(page, testInfo, event.id);
    const wizard = v.getByTestId('setup-wizard');
    await expect(wizard).toHaveAttribute('data-step', '2', { timeout: 20_000 });
    await expect(wizard.getByTestId('asset-facebook.ad_account')).not.toHaveValue('', { timeout: 15_000 });
    await choosePixelAndConversion(wizard);
    await saved(wizard);
    await screenIsSound(page, testInfo, '2-accounts');
    await wizard.getByTestId('wizard-next').click();

    // Step 3, Ads: the tab strip scrolls within itself.
    await expect(wizard).toHaveAttribute('data-step', '3', { timeout: 20_000 });
    const ads = wizard.getByTestId('ads-step');
    const tabs = ads.getByTestId('cluster-tab');
    await expect(tabs).toHaveCount(3, { timeout: 20_000 });
    await expect(ads.getByTestId('creative-form')).toBeVisible({ timeout: 20_000 });
    await screenIsSound(page, testInfo, '3-ads');
    // No cluster name breaks inside a word: each tab is one line.
    for (const tab of await tabs.all()) expect(await tab.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(48);
    await tabs.last().click();
    await expect(tabs.last()).toHaveAttribute('aria-selected', 'true');
    await screenIsSound(page, testInfo, '3-ads-last-tab');

    // The postal-code and radius dialogs fit the screen and take taps.
    const targeting = ads.locator('fieldset[data-testid^="targeting-"]');
    await targeting.getByLabel(T('targeting.mode.label')).selectOption('postal_codes');
    await targeting.getByRole('button', { name: T('targeting.postal.add') }).click();
    const postal = page.getByRole('dialog', { name: T('targeting.postal.dialogTitle') });
    await expect(postal).toBeVisible();
    await fitsScreen(page, postal);
    await screenIsSound(page, testInfo, '3-postal-dialog');
    await postal.getByRole('radio', { name: 'Germany' }).click();
    await expect(postal.getByRole('radio', { name: 'Germany' })).toBeChecked();
    await postal.getByRole('button', { name: enText('common.close') }).click();
    await expect(postal).toBeHidden();

    await targeting.getByLabel(T('targeting.mode.label')).selectOption('range_locations');
    await targeting.getByRole('button', { name: T('targeting.radius.add') }).click();
    const radius = page.getByRole('dialog', { name: T('targeting.radius.dialogTitle') });
    await expect(radius).toBeVisible();
    await fitsScreen(page, radius);
    await screenIsSound(page, testInfo, '3-radius-dialog');
    await radius.getByLabel(T('targeting.radius.search')).fill('Munich');
    await expect(radius.getByRole('button', { name: /^Include Munich, City/ })).toBeVisible({ timeout: 10_000 });
    await radius.getByRole('button', { name: enText('common.close') }).click();
    await expect(radius).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    // Step 4, Summary, and the previews.
    await saved(wizard);
    await fillAdsThroughApi(adminApi, page, event.id);
    v = await openRecommendations(page, testInfo, event.id);
    await expect(v.getByTestId('setup-wizard')).toHaveAttribute('data-step', '3', { timeout: 20_000 });
    await expect(v.getByTestId('wizard-next')).toBeEnabled({ timeout: 15_000 });
    await v.getByTestId('wizard-next').click();
    const summary = v.getByTestId('summary-step');
    await expect(summary.getByTestId('cluster-summary')).toHaveCount(3);
    await screenIsSound(page, testInfo, '4-summary');
    await summary.getByTestId('preview-ads').click();
    const previews = page.getByTestId('ad-previews');
    await expect(previews.locator('figure[data-variation]').first()).toBeVisible({ timeout: 30_000 });
    await fitsScreen(page, previews);
    await screenIsSound(page, testInfo, '4-previews');
    await page.keyboard.press('Escape');
    await expect(previews).toBeHidden();

    // Settings #meta, with the sandbox connection's assets.
    await page.goto('/settings#meta');
    await waitForIslands(page);
    await expect(page.getByTestId('meta-card-system').getByRole('switch').first()).toBeVisible({ timeout: 15_000 });
    await screenIsSound(page, testInfo, 'settings-meta');
  });

  test('the taste-cluster form (a dialog on desktop, a page on phones) passes axe and fits the screen', async ({ page, ownEvent: event }, testInfo) => {
    extendTimeout(90_000); // an axe scan of the long form on a busy machine
    await signIn(page, 'admin');
    const v = await openRecommendations(page, testInfo, event.id);
    const generate = v.getByTestId('itc-status').getByRole('button', { name: enText('campaigns.itc.generate') });
    await generate.click();
    const form = isPhone(testInfo) ? page.getByTestId('itc-form') : page.getByRole('dialog', { name: enText('campaigns.itc.form.titleFirst') }).getByTestId('itc-form');
    await expect(form.getByTestId('itc-submit')).toBeVisible({ timeout: 15_000 });
    await screenIsSound(page, testInfo, 'itc-form');
    if (!isPhone(testInfo)) {
      const dialog = page.getByRole('dialog', { name: enText('campaigns.itc.form.titleFirst') });
      await fitsScreen(page, dialog);
      // Closed, the focus is back on the button that opened it.
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(generate).toBeFocused();
    }
  });

  test('settings #meta: a refused toggle is answered beside its switch', async ({ page, adminApi }) => {
    extendTimeout(60_000);
    await withLock('meta-connect-1001', () => adminApi.json('POST', '/api/v3/integrations/connect/facebook/token', { sandbox_system_user: true }));
    await signIn(page, 'admin', { next: '/settings#meta' });
    const on = page.locator('[role="group"][aria-labelledby="meta-group-facebook-profile"] [role="switch"][aria-checked="true"]:not([disabled])').first();
    await expect(on).toBeVisible({ timeout: 15_000 });
    // The server refuses (as for the last page): nothing changes on the partner.
    await page.route('**/api/v3/integrations/**/assets/*', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'At least one page is required.', error_code: 'error.connect.facebook.page_required' }) })
        : route.fallback(),
    );
    await on.click();
    const row = on.locator('xpath=ancestor::li[1]');
    const alert = row.getByRole('alert');
    await expect(alert).toHaveText(enText('settings.meta.pageRequired'));
    await expect(on).toHaveAttribute('aria-describedby', (await alert.getAttribute('id'))!);
    // Beside it, not at the top of the page.
    const [a, s] = [(await alert.boundingBox())!, (await on.boundingBox())!];
    expect(Math.abs(a.y - s.y)).toBeLessThan(80);
    // Every message sits in its asset's row, none at the page's top. (The same page can be listed
    // twice — under a user's and the system connection, when another journey has just logged in —
    // and then each of its rows says so.)
    for (const each of await page.getByRole('alert').all()) {
      await expect(each).toHaveText(enText('settings.meta.pageRequired'));
      await expect(each.locator('xpath=ancestor::li[1]')).toHaveCount(1);
    }
    await expect(on).toBeFocused();
  });
});

test.describe('setup wizard: by keyboard', () => {
  test('focus after Start, Next, dialogs, upload, autofill and the previews; Shift+Tab; a disabled Next says why; no invisible tab stops', async ({ page, salesEvent: event, adminApi }, testInfo) => {
    test.skip(isPhone(testInfo), 'a keyboard walk: desktop');
    extendTimeout(360_000);
    await connectMetaAndClusters(adminApi, event.id);
    await signIn(page, 'admin');
    const drawer = await openRecommendations(page, testInfo, event.id);
    const start = drawer.getByTestId('start-setup');
    await expect(start).toBeEnabled({ timeout: 20_000 });

    // Start: the Accounts step's heading.
    await start.focus();
    await page.keyboard.press('Enter');
    const wizard = drawer.getByTestId('setup-wizard');
    await expect(wizard).toHaveAttribute('data-step', '2', { timeout: 20_000 });
    await expect(wizard.getByRole('heading', { name: T('accounts.title') })).toBeFocused({ timeout: 15_000 });

    // Shift+Tab leaves the first control backwards (not held on it, nor on the drawer).
    const first = wizard.getByTestId('asset-facebook.ad_account');
    await expect(first).not.toHaveValue('', { timeout: 15_000 });
    await page.keyboard.press('Tab');
    await expect(first).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(first).not.toBeFocused();
    expect(await first.evaluate((el) => document.activeElement !== null && document.activeElement !== document.body && !!(el.compareDocumentPosition(document.activeElement) & Node.DOCUMENT_POSITION_PRECEDING))).toBe(true);
    await expect(drawer).not.toBeFocused();
    // From the drawer itself, Shift+Tab reaches a control.
    await drawer.focus();
    await page.keyboard.press('Shift+Tab');
    await expect(drawer).not.toBeFocused();
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('BODY');

    // Next: the Ads step's heading (once the pixel the sales goal needs is chosen).
    await choosePixelAndConversion(wizard);
    await saved(wizard);
    await wizard.getByTestId('wizard-next').focus();
    await page.keyboard.press('Enter');
    await expect(wizard).toHaveAttribute('data-step', '3', { timeout: 20_000 });
    await expect(wizard.getByRole('heading', { name: T('ads.title') })).toBeFocused({ timeout: 15_000 });

    // A disabled Next is a tab stop that says why: described by the visible list of what is missing.
    const next = wizard.getByTestId('wizard-next');
    await expect(next).toBeDisabled();
    const missing = wizard.getByTestId('next-missing');
    await expect(missing).toBeVisible();
    // It names the fields (nothing is filled yet: the headline first of all), not just "incomplete".
    await expect(missing).toContainText(enText('campaigns.wizard.creative.fields.headline'));
    expect((await next.getAttribute('aria-describedby'))!.split(' ')).toContain(await missing.getAttribute('id'));
    await next.focus();
    await expect(next).toBeFocused();

    // No invisible tab stop on the Ads step (file input, frames): each one has a visible box.
    await wizard.getByRole('heading', { name: T('ads.title') }).focus();
    const stops: string[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return null;
        const r = el.getBoundingClientRect();
        return { tag: el.tagName, type: (el as HTMLInputElement).type ?? '', w: r.width, h: r.height, testid: el.dataset.testid ?? '', name: el.getAttribute('aria-label') ?? el.textContent?.slice(0, 30) ?? '' };
      });
      if (!stop || stop.testid === 'wizard-next') break;
      stops.push(`${stop.tag} ${stop.name}`);
      expect(stop.tag, `tab stop ${stops.length}`).not.toBe('IFRAME');
      expect(stop.type, `tab stop ${stops.length}`).not.toBe('file');
      expect(stop.w * stop.h, `tab stop ${stops.length} (${stop.tag} ${stop.name}) is visible`).toBeGreaterThan(16);
    }
    expect(stops.length).toBeGreaterThan(5);

    // AI autofill: the focus comes back to its button.
    const form = wizard.getByTestId('creative-form');
    const autofill = form.getByTestId('autofill-body');
    await autofill.focus();
    await page.keyboard.press('Enter');
    await expect(form.locator('[data-field="body"]').getByRole('textbox').first()).not.toHaveValue('', { timeout: 20_000 });
    await expect(autofill).toBeFocused();

    // An upload through the Browse button: the focus stays on Browse (the dropzone's own).
    const media = wizard.getByRole('region', { name: T('media.label') });
    await media.getByRole('button', { name: T('media.browse') }).focus();
    await media.getByLabel(T('media.inputLabel')).setInputFiles([{ name: 'poster.png', mimeType: 'image/png', buffer: png(1080, 1080, [40, 90, 160]) }]);
    await expect(media.getByRole('listitem').filter({ hasText: 'poster.png' })).toContainText(T('media.status.SUCCESS'), { timeout: 30_000 });
    await expect(media.getByRole('button', { name: T('media.browse') })).toBeFocused();

    // A dialog closed gives the focus back to its opener; so does a saved one.
    const targeting = wizard.locator('fieldset[data-testid^="targeting-"]');
    await targeting.getByLabel(T('targeting.mode.label')).selectOption('postal_codes');
    const add = targeting.getByRole('button', { name: T('targeting.postal.add') });
    await add.focus();
    await page.keyboard.press('Enter');
    const postal = page.getByRole('dialog', { name: T('targeting.postal.dialogTitle') });
    await expect(postal).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(postal).toBeHidden();
    await expect(add).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(postal).toBeVisible();
    await postal.getByRole('radio', { name: 'Germany' }).focus();
    await page.keyboard.press('Space');
    const codes = postal.getByLabel(T('targeting.postal.codes'), { exact: true });
    await codes.focus();
    await page.keyboard.type('10115');
    await page.keyboard.press('Enter');
    await postal.getByRole('button', { name: T('targeting.postal.match') }).focus();
    await page.keyboard.press('Enter');
    await expect(postal.getByRole('region', { name: 'Germany' }).getByRole('listitem')).toHaveText(['10115'], { timeout: 10_000 });
    await postal.getByRole('button', { name: T('targeting.postal.save') }).focus();
    await page.keyboard.press('Enter');
    await expect(postal).toBeHidden();
    await expect(targeting.getByRole('button', { name: T('targeting.postal.edit') })).toBeFocused();

    // The rest of the Ads step through the API; then Next to the Summary.
    await saved(wizard);
    await fillAdsThroughApi(adminApi, page, event.id);
    const again = await openRecommendations(page, testInfo, event.id);
    const wizard2 = again.getByTestId('setup-wizard');
    await expect(wizard2).toHaveAttribute('data-step', '3', { timeout: 20_000 });
    await expect(wizard2.getByTestId('wizard-next')).toBeEnabled({ timeout: 15_000 });
    await wizard2.getByTestId('wizard-next').focus();
    await page.keyboard.press('Enter');
    await expect(wizard2.getByRole('heading', { name: T('summary.title') })).toBeFocused({ timeout: 15_000 });

    // Publish waits for the previews and says so.
    const publish = wizard2.getByTestId('wizard-next');
    await expect(publish).toBeDisabled();
    await expect(publish).toHaveAccessibleDescription(T('summary.previewFirst'));

    // The previews: closed, the focus is back on their button.
    const open = wizard2.getByTestId('preview-ads');
    await open.focus();
    await page.keyboard.press('Enter');
    const previews = page.getByTestId('ad-previews');
    await expect(previews.locator('figure[data-variation]').first()).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await expect(previews).toBeHidden();
    await expect(open).toBeFocused();
  });
});

// spec 2 §2 Geo-targeting dialogs, §4 Postal-code dialog, Range locations, Targeting mode options,
// §5 Targeting: the targeting form of a cluster in the wizard's Ads step, through the real
// sandbox geo lookups and the setup autosave. The setup is prepared through the API (an ITC run
// of the test's own event, a setup at step 3), so this journey starts where targeting begins.
import { seriousViolations as serious } from './screen-checks';
import type { Locator, Page, Request, TestInfo } from '@playwright/test';
import type { SetupProcess, SetupUpdateBody, Targeting } from '../../src/lib/contracts/setup-process';
import type { ItcStatusResponse, SuggestedTc } from '../../src/lib/contracts/taste-clusters';
import { serverDay } from './clock';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, rememberLanguage, signIn } from './helpers';
import de from '../../public/locales/de/common.json' with { type: 'json' };
import type { ApiSession } from './api';

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-targeting-${name}.png`, fullPage: false });
}

const T = (key: string) => enText(`campaigns.wizard.targeting.${key}`);
const deRadius = de.campaigns.wizard.targeting.radius;

/** Runs the event's taste clusters and starts a setup of its first cluster, saved at the Ads step. */
async function setupAtAdsStep(api: ApiSession, eventId: string): Promise<SetupProcess> {
  await api.json('POST', `/api/v3/airflow_dag/${eventId}/itc_generator`);
  await expect
    .poll(async () => (await api.json<ItcStatusResponse>('GET', `/api/v3/airflow_dag/${eventId}/itc_generator`)).status, { timeout: 110_000, intervals: [1000] })
    .toBe('success');
  const [tc] = await api.json<SuggestedTc[]>('GET', `/api/campaign/events/${eventId}/suggested_tcs?budget=1000&goal=UTILIZATION`);
  expect(tc).toBeDefined();
  await api.json('POST', `/api/v3/setup_processes/${eventId}`, {
    goal: 'UTILIZATION',
    total_budget: 1000,
    start_date: serverDay(1),
    end_date: serverDay(30),
    creatives: [{ tc: tc!.tc, tc_run_id: tc!.tc_run_id }],
  });
  const body: SetupUpdateBody = { wizard: { current_step: 3, current_completed_step: 2, preview_viewed: false } };
  return api.json<SetupProcess>('PUT', `/api/v3/setup_processes/${eventId}`, body);
}

/** Serious or critical axe findings inside the elements `selector` matches. */
const seriousViolations = (page: Page, selector: string) => serious(page, { include: selector, bestPractice: true });
const POSTAL_DIALOG = '[role="dialog"]:has([data-testid="postal-dialog"])';
const RADIUS_DIALOG = '[role="dialog"]:has([data-testid="radius-dialog"])';

/** Answers the first call of an ad-platform lookup with the spec 2 §8 error of `code`, later ones for real. */
async function failOnce(page: Page, url: string, status: number, code: string, when: (body: string) => boolean = () => true): Promise<void> {
  let failed = false;
  await page.route(url, (route) => {
    const req = route.request();
    if (failed || !when(`${req.url()} ${req.postData() ?? ''}`)) return route.continue();
    failed = true;
    return route.fulfill({ status, json: { error_code: code, message: 'Injected by the journey' } });
  });
}

/** The targeting the next autosave sends for the cluster, once it satisfies `accept`. */
async function savedTargeting(page: Page, eventId: string, accept: (t: Targeting) => boolean): Promise<Targeting> {
  const req: Request = await page.waitForRequest(
    (r) => {
      if (r.method() !== 'PUT' || !r.url().endsWith(`/api/v3/setup_processes/${eventId}`)) return false;
      const t = (r.postDataJSON() as SetupUpdateBody).targeting?.[0];
      return !!t && accept(t);
    },
    { timeout: 10_000 },
  );
  return (req.postDataJSON() as SetupUpdateBody).targeting![0]!;
}

async function openAdsStep(page: Page, testInfo: TestInfo, eventId: string): Promise<Locator> {
  await page.goto(isPhone(testInfo) ? `/campaigns/${eventId}` : `/campaigns?drawer-open=true&event-id=${eventId}`);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
  const ads = page.getByTestId('ads-step');
  await expect(ads).toBeVisible({ timeout: 15_000 });
  return ads.locator('fieldset[data-testid^="targeting-"]');
}

test.describe('targeting of a cluster', () => {
  test('mode, age range, postal codes and radius locations are chosen and saved', async ({ page, adminApi, salesEvent: event }, testInfo) => {
    extendTimeout(180_000);
    await setupAtAdsStep(adminApi, event.id);
    await signIn(page, 'admin');
    const form = await openAdsStep(page, testInfo, event.id);

    // spec 2 §4: without an audience all three modes, the cluster's own people by default.
    const mode = form.getByLabel(T('mode.label'));
    await expect(mode).toHaveValue('fd_targeting');
    await expect(mode.locator('option')).toHaveText([T('mode.fd_targeting'), T('mode.postal_codes'), T('mode.range_locations')]);

    // spec 2 §5 Age range: 65 shown as 65+, a max under the min lowers the min, sent after 500 ms.
    const min = form.getByLabel(T('age.min'));
    const max = form.getByLabel(T('age.max'));
    await expect(max.locator('option:checked')).toHaveText('65+');
    await min.selectOption('30');
    const ageSaved = savedTargeting(page, event.id, (t) => t.age_range.max === 25);
    await max.selectOption('25');
    await expect(min).toHaveValue('25');
    expect((await ageSaved).age_range).toEqual({ min: 25, max: 25 });
    await form.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'form');
    expect(await seriousViolations(page, 'fieldset[data-testid^="targeting-"]')).toEqual([]);

    // Postal codes: the validation code until codes are saved.
    await mode.selectOption('postal_codes');
    await expect(form.getByRole('alert')).toHaveText(T('validation.NO_POSTAL_CODES'));
    await form.getByRole('button', { name: T('postal.add') }).click();
    const postal = page.getByRole('dialog', { name: T('postal.dialogTitle') });
    const codes = postal.getByLabel(T('postal.codes'), { exact: true });
    await expect(codes).toBeDisabled(); // a country first
    const match = postal.getByRole('button', { name: T('postal.match') });
    await expect(match).toBeDisabled();
    await postal.getByRole('radio', { name: 'Germany' }).click();
    await codes.fill('10115, 10117;99999');
    await codes.press('Enter');
    await codes.fill('10115');
    await codes.press('Enter'); // a duplicate is dropped
    await expect(postal.getByRole('list', { name: /postal codes/ }).getByRole('listitem')).toHaveText(['10115', '10117', '99999']);
    await shot(page, testInfo, 'postal-edit');
    expect(await seriousViolations(page, POSTAL_DIALOG)).toEqual([]);
    // spec 2 §8: a server error is shown, and Match tries again with the same codes.
    await failOnce(page, '**/api/v3/fb_targeting/zip_code_matching', 502, 'error.connect.facebook.graph_api_error');
    await match.click();
    await expect(postal.getByRole('alert')).toHaveText(enText('common.serverErrors.error.connect.facebook.graph_api_error'));
    await match.click();
    await expect(postal.getByText('2 of 3 postal codes in Germany matched.')).toBeVisible();
    const download = page.waitForEvent('download');
    await postal.getByRole('button', { name: T('postal.download') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('unmatched_zips.csv');
    const csv = await (await file.createReadStream()).toArray();
    expect(Buffer.concat(csv).toString('utf8').trim().split(/\r?\n/)).toEqual(['zip_code, country', '99999,DE']);
    await shot(page, testInfo, 'postal-partial');
    expect(await seriousViolations(page, POSTAL_DIALOG)).toEqual([]);
    await postal.getByRole('button', { name: T('next') }).click();
    await postal.getByRole('alertdialog').getByRole('button', { name: T('postal.prompt.unmatchedConfirm') }).click();
    const germany = postal.getByRole('region', { name: 'Germany' });
    await expect(germany.getByRole('listitem')).toHaveText(['10115', '10117']);

    // Another country: all matched, and the summary follows by itself.
    await postal.getByRole('button', { name: T('postal.addAnother') }).click();
    await postal.getByRole('searchbox', { name: T('postal.country') }).fill('aus'); // Enter takes the only match
    await postal.getByRole('searchbox', { name: T('postal.country') }).press('Enter');
    await expect(postal.getByRole('radio', { name: 'Austria' })).toHaveAttribute('aria-checked', 'true');
    await codes.fill('1010');
    await codes.press('Enter');
    await match.click();
    await expect(postal.getByText('1 postal code in Austria matched.')).toBeVisible();
    await expect(postal.getByRole('region', { name: 'Austria' })).toBeVisible({ timeout: 6000 });
    await shot(page, testInfo, 'postal-summary');
    const postalSaved = savedTargeting(page, event.id, (t) => t.targeting_mode === 'postal_codes' && Object.keys(t.postal_codes).length === 2);
    await postal.getByRole('button', { name: T('postal.save') }).click();
    await expect(postal).toBeHidden();
    const pc = (await postalSaved).postal_codes;
    expect(pc.DE!.map((l) => l.key)).toEqual(['DE:10115', 'DE:10117']);
    expect(pc.AT!.map((l) => l.key)).toEqual(['AT:1010']);
    await expect(form).toContainText('3 postal codes in Germany, Austria');
    await expect(form.getByRole('alert')).toHaveCount(0);

    // Close with changes asks first; discarding keeps the saved codes.
    await form.getByRole('button', { name: T('postal.edit') }).click();
    await postal.getByRole('button', { name: enText('campaigns.wizard.targeting.postal.removeCountry').replace('{{country}}', 'Austria') }).click();
    await postal.getByRole('button', { name: T('back') }).click();
    await postal.getByRole('alertdialog').getByRole('button', { name: T('postal.prompt.discardConfirm') }).click();
    await expect(postal).toBeHidden();
    await expect(form).toContainText('3 postal codes in Germany, Austria');

    // Radius locations: everything excluded cannot be saved; including a city inside the excluded
    // region removes the region (spec 2 §4 Range locations).
    await mode.selectOption('range_locations');
    await expect(form.getByRole('alert')).toHaveText(T('validation.NO_RANGE_LOCATIONS'));
    await form.getByRole('button', { name: T('radius.add') }).click();
    const radius = page.getByRole('dialog', { name: T('radius.dialogTitle') });
    const search = radius.getByLabel(T('radius.search'));
    await radius.getByRole('radio', { name: T('radius.exclude') }).click();
    // A failed search offers to try again.
    await failOnce(page, '**/api/v3/fb_targeting/search', 503, 'error.connect.facebook.api_error');
    await search.fill('Bayern');
    const searchError = radius.getByRole('alert');
    await expect(searchError).toContainText(enText('common.serverErrors.error.connect.facebook.api_error'));
    await searchError.getByRole('button', { name: enText('common.retry') }).click();
    await radius.getByRole('button', { name: /^Exclude Bayern/ }).click();
    await expect(radius.getByRole('alert')).toHaveText(T('radius.allLocationsExcluded'));
    await expect(radius.getByRole('button', { name: T('radius.save') })).toBeDisabled();
    await radius.getByRole('radio', { name: T('radius.include') }).click();
    await search.fill('Munich');
    await radius.getByRole('button', { name: /^Include Munich, City/ }).click();
    await expect(radius.getByRole('status').filter({ hasText: 'Bayern' })).toContainText('Removed because it overlaps: Bayern');
    // English: miles, the suggested radius within 10–50.
    const munichRadius = radius.getByRole('slider', { name: 'Radius around Munich' });
    await expect(munichRadius).toBeVisible();
    expect(Number(await munichRadius.inputValue())).toBeGreaterThanOrEqual(10);
    await munichRadius.fill('30');
    // Berlin's suggestion fails: it stops loading and keeps the default radius.
    await failOnce(page, '**/api/v3/fb_targeting/suggested_radius**', 502, 'error.connect.facebook.graph_api_error', (u) => u.includes('Berlin'));
    await search.fill('Berlin');
    await radius.getByRole('button', { name: /^Include Berlin, City/ }).click();
    await expect(radius.getByRole('region', { name: 'Germany' }).getByRole('listitem').filter({ hasText: 'Berlin' })).toContainText(T('radius.radiusError'));
    await expect(radius.getByRole('slider', { name: 'Radius around Berlin' })).toHaveValue('10');
    // Already added places are no longer offered.
    await search.fill('Munich');
    await expect(radius.getByRole('button', { name: /^Include Münichsthal/ })).toBeVisible();
    await expect(radius.getByRole('button', { name: /^Include Munich,/ })).toHaveCount(0);
    await search.fill('Xqzzyville');
    await expect(radius.getByText('No results for “Xqzzyville”.')).toBeVisible();
    await expect(radius.getByRole('region', { name: 'Germany' }).getByRole('listitem')).toHaveCount(2);
    await shot(page, testInfo, 'radius');
    expect(await seriousViolations(page, RADIUS_DIALOG)).toEqual([]);
    const rangeSaved = savedTargeting(page, event.id, (t) => t.targeting_mode === 'range_locations' && (t.range_locations?.included.length ?? 0) === 2);
    await radius.getByRole('button', { name: T('radius.save') }).click();
    await expect(radius).toBeHidden();
    const ranges = (await rangeSaved).range_locations!;
    expect(ranges.excluded).toEqual([]);
    expect(ranges.included.map((l) => [l.name, l.mile_range, l.kilometer_range])).toContainEqual(['Munich', 30, 48]);
    await expect(form).toContainText('Included: Munich, Berlin');
    await expect(form.getByRole('alert')).toHaveCount(0);
    await form.scrollIntoViewIfNeeded();
    await shot(page, testInfo, 'form-radius');

    // German: kilometres (Munich's 30 mi are 48 km) and country names in the interface language.
    await rememberLanguage(page.context(), 'de');
    const formDe = await openAdsStep(page, testInfo, event.id);
    await formDe.getByRole('button', { name: deRadius.edit }).click();
    const radiusDe = page.getByRole('dialog', { name: deRadius.dialogTitle });
    const germanyDe = radiusDe.getByRole('region', { name: 'Deutschland' });
    await expect(germanyDe.getByRole('slider', { name: deRadius.radiusFor.replace('{{name}}', 'Munich') })).toHaveValue('48');
    await expect(germanyDe).toContainText('48 km');
    await shot(page, testInfo, 'radius-de');
  });
});

// Issue 22: the path a new user takes — publish a campaign through the wizard for a slow show,
// come back a week later, and see that campaign's own delivery — walked only through the
// interface from the demo's state, at 1440×900 and 390×844 (projects delivery-desktop and
// delivery-phone, playwright.config.ts). The one test hook is the server's development clock
// (POST /api/v3/dev/clock, ENCORE_DEV_CLOCK=1 on this journey's own server only): a week passes
// and the worker delivers it. The browser's clock follows the server's.
//
// Steps: sign in through the form (MFA code, device remembered); connect Meta in Settings #meta
// through the sandbox's login popup; on /campaigns (a date filter six weeks ahead, the ticketing
// system's events) the first show without a campaign whose forecast is below expectation; taste
// clusters through the ITC form; the new-setup panel with the top budget and one suggested
// cluster; Accounts (pixel, conversion); Ads (texts, call to action, a PNG; the cluster's own
// targeting); Summary, the previews seen; Publish and confirm. Then a week passes: the session has ended, the user
// signs in again (the remembered device skips the code), opens the event's Statistics tab
// (spend, impressions, clicks and, in Meta's attribution, purchases and revenue all > 0),
// downloads the PDF report (the same figures), and sees the events list's badge "Active
// campaign". Pausing it from the event header's dots menu takes exactly its spend, purchases and
// revenue (and one campaign) off the dashboard's active-campaign card and turns the badge to
// "Inactive campaign"; resuming puts both back.
import fs from 'node:fs/promises';
import type { APIRequestContext, BrowserContext, Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { enText, rememberLanguage, waitForIslands } from './helpers';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, totpCode } from './auth-helpers';
import { CLOCK_MOVED, displayDay } from './clock';
import { choosePixelAndConversion, publishAndConfirm, showsWithoutCampaign, typeEntry } from './campaign-prep';
import { png } from '../helpers/media-fixtures';
import { pdfLayout } from '../helpers/pdf-text';
import { DEV_MAILBOX_TOKEN_HEADER } from '../../src/lib/constants';

const DAY_MS = 86_400_000;
/** "Come back a week later". */
const ADVANCE_DAYS = 7;
const ADMIN = 'admin@encore.demo';
const DEV = { [DEV_MAILBOX_TOKEN_HEADER]: process.env.ENCORE_DEV_MAILBOX_TOKEN ?? '' };

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/delivery-${testInfo.project.name}-${name}.png` });
}

const isPhone = (testInfo: TestInfo) => testInfo.project.name.endsWith('phone');
/** Whole number of a displayed figure ('€1,234', '5,678'). */
const figure = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

/** The server's clock as the development clock route reports it (real time, ENCORE_NOW's, or moved on). */
async function serverClock(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/v3/dev/clock', { headers: DEV });
  expect(res.status(), 'the development clock of the delivery server').toBe(200);
  return Date.parse(((await res.json()) as { now: string }).now);
}

/** Server time now, from an offset measured once (`offset` = server − local). */
const at = (offset: number) => Date.now() + offset;

/**
 * The login form; the MFA code from the authenticator (at the server's time) with "Remember this
 * device" the first time, nothing more once the device is remembered. Ends where `next` led.
 */
async function signInThroughForm(page: Page, offset: number): Promise<void> {
  await expect(page).toHaveURL(/\/login/);
  await waitForIslands(page);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname !== '/login', { timeout: 20_000 });
  if (new URL(page.url()).pathname.startsWith('/mfa')) {
    await waitForIslands(page);
    await page.locator('#mfa-code').fill(totpCode(DEMO_TOTP_SECRET, at(offset)));
    const remember = page.getByLabel(/Remember this device/);
    if (!(await remember.isChecked())) await remember.check();
    await page.getByRole('button', { name: /Complete sign-in/ }).click();
  }
  // The splash's own link saves its wait.
  await page
    .getByRole('status')
    .getByRole('link', { name: 'Continue' })
    .click({ timeout: 3_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL((url) => !/^\/(login|mfa)/.test(url.pathname), { timeout: 20_000 });
  await waitForIslands(page);
}

/** Opens a page; signs in first when the session has ended (the guard sends the user to /login?next=…). */
async function visit(page: Page, path: string, offset: number): Promise<void> {
  // A page whose session ended may be on its own way to /login when the next address is asked
  // for; the navigation that lost is asked for again once the other has landed.
  const aborted = await page.goto(path).then(
    () => false,
    (err: Error) => {
      if (!/ERR_ABORTED|interrupted by another navigation/i.test(err.message)) throw err;
      return true;
    },
  );
  if (aborted) {
    await page.waitForLoadState('load');
    if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto(path);
  }
  if (new URL(page.url()).pathname.startsWith('/login')) await signInThroughForm(page, offset);
  await waitForIslands(page);
}

async function connectMeta(page: Page, offset: number): Promise<void> {
  await visit(page, '/settings#meta', offset);
  const card = page.getByTestId('meta-card-user');
  const login = card.getByRole('button', { name: new RegExp(`^(${enText('settings.meta.login')}|${enText('settings.meta.reconnect')})$`) }).first();
  await expect(login).toBeEnabled({ timeout: 20_000 });
  const popupPromise = page.waitForEvent('popup');
  await login.click();
  const popup = await popupPromise;
  await popup.getByTestId('consent-allow').click();
  await expect(page.getByRole('status').filter({ hasText: 'Your Meta assets are connected.' })).toBeVisible({ timeout: 30_000 });
}

const viewOf = (page: Page, testInfo: TestInfo) => (isPhone(testInfo) ? page.locator('main') : page.getByRole('dialog', { name: enText('campaigns.drawerTitle') }));

/** /campaigns six weeks ahead, the ticketing system's events: the first show without a campaign selling below expectation. */
async function chooseSlowEvent(page: Page, testInfo: TestInfo, offset: number): Promise<{ id: string; title: string }> {
  await visit(page, '/campaigns', offset);
  const slow = (await showsWithoutCampaign(page, displayDay(new Date(at(offset) + 42 * DAY_MS).toISOString().slice(0, 10)))).filter({ hasText: enText('events.row.forecast.below') });
  const row = slow.first();
  await expect(row).toBeVisible({ timeout: 20_000 });
  const id = (await row.getAttribute('data-event-id'))!;
  await shot(page, testInfo, '1-slow-event');
  await row.click();
  const view = viewOf(page, testInfo);
  await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
  await waitForIslands(page);
  const title = (await view.locator('#event-detail-title').textContent())!.trim();
  expect(title).not.toBe('');
  return { id, title };
}

/** The ITC form from the status box: an artist with a role, then the run ends in success. */
async function generateClusters(page: Page, view: () => Locator): Promise<void> {
  await view().getByTestId('itc-status').getByRole('button', { name: enText('campaigns.itc.generate') }).click();
  const form = page.getByTestId('itc-form');
  await expect(form).toBeVisible({ timeout: 20_000 });
  await waitForIslands(page);
  await form.getByRole('button', { name: enText('eventEdit.addArtist') }).click();
  await form.getByRole('textbox', { name: enText('eventEdit.fields.artistName') }).last().fill('Ensemble Aurora');
  await form.getByRole('combobox', { name: enText('eventEdit.fields.role') }).last().selectOption('ensemble');
  await form.getByTestId('itc-submit').click();
  await expect(form).toBeHidden({ timeout: 60_000 });
  await expect(view().getByTestId('itc-status')).toHaveAttribute('data-state', 'success', { timeout: 150_000 });
}


/** New-setup panel → Accounts → Ads → Summary → Publish (one cluster, the top budget). */
async function setUpAndPublish(page: Page, testInfo: TestInfo, view: () => Locator): Promise<void> {
  const v = view();
  const start = v.getByTestId('start-setup');
  await expect(start).toBeEnabled({ timeout: 20_000 });
  await expect(v.getByTestId('budget-hint')).not.toHaveAttribute('aria-busy', 'true', { timeout: 15_000 });
  const max = await v.getByRole('slider', { name: enText('campaigns.setup.budget.slider') }).getAttribute('max');
  const suggested = page.waitForResponse((r) => r.url().includes('suggested_tcs') && new URL(r.url()).searchParams.get('budget') === max && r.ok());
  const budget = v.getByRole('textbox', { name: /^Total budget/ });
  await budget.fill(max!);
  await budget.press('Tab');
  const answer = (await (await suggested).json()) as { tc: number }[];
  expect(answer.length).toBeGreaterThan(0);
  const items = v.getByTestId('tc-item');
  await expect.poll(() => items.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-tc')))), { timeout: 10_000 }).toEqual(answer.map((a) => a.tc));
  const checked = items.locator('input[type="checkbox"]:checked');
  await expect(async () => {
    for (let i = 0; i < answer.length; i++) await items.nth(i).getByRole('checkbox').setChecked(i === 0);
    await page.waitForTimeout(600);
    await expect(checked).toHaveCount(1, { timeout: 0 });
  }).toPass({ timeout: 20_000 });
  await start.click();

  // Accounts: the ad account and page preselected; the sales goal's pixel and conversion.
  const wizard = v.getByTestId('setup-wizard');
  await expect(wizard).toHaveAttribute('data-step', '2', { timeout: 20_000 });
  await expect(wizard.getByTestId('asset-facebook.ad_account')).not.toHaveValue('');
  await choosePixelAndConversion(wizard);
  await wizard.getByTestId('wizard-next').click();

  // Ads: the one cluster's texts, call to action, a real PNG; its taste-cluster targeting as offered.
  await expect(wizard).toHaveAttribute('data-step', '3', { timeout: 20_000 });
  const ads = wizard.getByTestId('ads-step');
  const form = ads.getByTestId('creative-form');
  await typeEntry(form, 'headline', 0, 'An evening to remember');
  await typeEntry(form, 'headline', 1, 'Tickets are going fast');
  await typeEntry(form, 'body', 0, 'Hear it live this season.');
  await typeEntry(form, 'destination_url', 0, 'https://tickets.example.org/concert');
  await form.getByLabel(/^Call to action/).selectOption('BUY_TICKETS');
  await form.getByLabel(new RegExp(`^${enText('campaigns.wizard.creative.description.label')}`)).pressSequentially('Live in concert');
  const media = ads.getByRole('region', { name: enText('campaigns.wizard.media.label') });
  await media.getByLabel(enText('campaigns.wizard.media.inputLabel')).setInputFiles([{ name: 'poster.png', mimeType: 'image/png', buffer: png(1080, 1080, [40, 90, 160]) }]);
  await expect(media.getByRole('listitem').filter({ hasText: 'poster.png' })).toContainText(enText('campaigns.wizard.media.status.SUCCESS'), { timeout: 30_000 });
  await expect(ads.getByTestId('cluster-tab').first()).toHaveAttribute('data-complete', 'true', { timeout: 15_000 });
  const next = wizard.getByTestId('wizard-next');
  await expect(next).toBeEnabled({ timeout: 15_000 });
  await shot(page, testInfo, '2-ads');
  await next.click();

  // Summary: Publish, what will be spent confirmed.
  const summary = wizard.getByTestId('summary-step');
  await expect(summary).toBeVisible({ timeout: 20_000 });
  // Publishing waits until the ads have been seen in the previews.
  await summary.getByTestId('preview-ads').click();
  const previews = page.getByTestId('ad-previews');
  await expect(previews.locator('figure[data-variation]').first()).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await expect(previews).toBeHidden();
  const confirm = await publishAndConfirm(page, summary);
  await confirm.getByTestId('publish-confirm').click();
  // "Your event has been boosted!" shows for 2 s, then the panel is back with the campaign listed.
  await expect(v.getByTestId('start-setup')).toHaveText(enText('campaigns.setup.start'), { timeout: 60_000 });
  await expect(v.getByTestId('campaign-list')).toBeVisible();
  await shot(page, testInfo, '3-published');
}

/** The dashboard's active-campaign card as numbers. */
async function dashboardCard(page: Page, testInfo: TestInfo, offset: number): Promise<{ activeCampaigns: number; spend: number; purchases: number; revenue: number }> {
  await visit(page, '/', offset);
  // Phones show the dashboard's sections as tabs.
  if (isPhone(testInfo)) await page.getByRole('tab', { name: enText('dashboard.tabs.campaigns') }).click();
  const card = page.getByTestId('campaign-stats');
  await expect(card).toBeVisible({ timeout: 20_000 });
  const read = async (key: string) => figure(await card.locator(`[data-stat="${key}"]`).textContent());
  return { activeCampaigns: await read('activeCampaigns'), spend: await read('spend'), purchases: await read('purchases'), revenue: await read('revenue') };
}

/** The event's row of the events list and its campaign badge. */
async function eventsBadge(page: Page, event: { id: string; title: string }, offset: number, badge: 'campaignActive' | 'campaignInactive'): Promise<void> {
  await visit(page, `/events?q=${encodeURIComponent(event.title)}`, offset);
  const row = page.locator(`a[data-event-id="${event.id}"]`).first();
  await expect(row).toContainText(enText(`events.row.${badge}`), { timeout: 20_000 });
}

/** The event's campaigns view (the drawer on desktop, the page on phones). */
async function openCampaign(page: Page, testInfo: TestInfo, id: string, offset: number): Promise<Locator> {
  await visit(page, isPhone(testInfo) ? `/campaigns/${id}` : `/campaigns?drawer-open=true&event-id=${id}`, offset);
  const view = viewOf(page, testInfo);
  await expect(view.getByTestId('recommendations')).toBeVisible({ timeout: 20_000 });
  await waitForIslands(page);
  return view;
}

async function setStatus(page: Page, view: Locator, to: 'pause' | 'resume'): Promise<void> {
  const trigger = view.getByTestId('recommendations-menu');
  await trigger.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitemcheckbox', { name: enText(to === 'pause' ? 'campaigns.status.label.active' : 'campaigns.status.label.paused') });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await item.click();
  const confirm = page.getByRole('dialog', { name: enText(`campaigns.status.confirm.${to}.title`) });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: enText(`campaigns.status.confirm.${to}.confirm`) }).click();
  await expect(page.getByText(enText(to === 'pause' ? 'campaigns.status.done.paused' : 'campaigns.status.done.resumed'), { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(view.getByText(enText(to === 'pause' ? 'event.header.campaignInactive' : 'event.header.campaignActive'), { exact: true })).toBeVisible({ timeout: 15_000 });
}

async function startClock(context: BrowserContext, offset: number): Promise<void> {
  // (with ENCORE_NOW the fixture has installed the clock already)
  if (CLOCK_MOVED) await context.clock.setSystemTime(at(offset));
  else await context.clock.install({ time: at(offset) });
}

test('a campaign published through the wizard delivers a week later: the statistics tab, the PDF report, the events list and the dashboard agree; pause and resume', async ({ page, request }, testInfo) => {
  test.setTimeout(600_000);
  // The browser runs on the server's clock (the desktop journey may already have moved it on).
  let offset = (await serverClock(request)) - Date.now();
  await startClock(page.context(), offset);
  await rememberLanguage(page.context(), 'en');
  await page.goto('/login');
  await signInThroughForm(page, offset);

  // Publish through the wizard.
  await connectMeta(page, offset);
  const event = await chooseSlowEvent(page, testInfo, offset);
  const view = () => viewOf(page, testInfo);
  await generateClusters(page, view);
  await setUpAndPublish(page, testInfo, view);
  // Published today: the statistics say nothing has been delivered yet.
  await view().getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
  await expect(view().getByTestId('campaign-statistics')).toBeVisible({ timeout: 20_000 });
  await expect(view().getByTestId('campaign-ads').locator('[data-stat="impressions"]')).toHaveText('0');

  // A week passes; the worker delivers it. (The user has left the app meanwhile: a page left open
  // would find its session ended and head for the sign-in by itself.)
  await page.goto('about:blank');
  const moved = await request.post('/api/v3/dev/clock', { headers: DEV, data: { advance_days: ADVANCE_DAYS, wait: true } });
  expect(moved.status()).toBe(200);
  const clock = (await moved.json()) as { now: string; delivery: { status: string; result: { campaigns: number; days: number } } | null };
  expect(clock.delivery?.status, JSON.stringify(clock.delivery)).toBe('SUCCESS');
  expect(clock.delivery!.result.days).toBeGreaterThanOrEqual(ADVANCE_DAYS);
  offset = Date.parse(clock.now) - Date.now();
  await page.clock.setSystemTime(at(offset));

  // Back a week later (the session has ended; the remembered device skips the code): the statistics.
  const v = await openCampaign(page, testInfo, event.id, offset);
  await v.getByRole('tab', { name: enText('campaigns.tabs.statistics') }).click();
  const stats = v.getByTestId('campaign-statistics');
  await expect(stats).toBeVisible({ timeout: 20_000 });
  const ads = stats.getByTestId('campaign-ads');
  const shown: Record<string, string> = {};
  for (const key of ['adSpend', 'impressions', 'clicks']) {
    shown[key] = (await ads.locator(`[data-stat="${key}"]`).textContent())!;
    expect(figure(shown[key]), key).toBeGreaterThan(0);
  }
  // Meta's attribution: the purchases and revenue the platform reports, as the dashboard counts them.
  await stats.getByTestId('attribution-model').selectOption('META');
  await expect(stats).toHaveAttribute('data-model', 'META', { timeout: 15_000 });
  const results = stats.getByTestId('results-event');
  for (const key of ['purchases', 'revenue']) {
    await expect(results.locator(`[data-stat="${key}"]`)).not.toHaveText('–');
    shown[key] = (await results.locator(`[data-stat="${key}"]`).textContent())!;
    expect(figure(shown[key]), key).toBeGreaterThan(0);
  }
  await shot(page, testInfo, '4-statistics');

  // The PDF report, downloaded through the tab's button, prints the same figures.
  const button = stats.getByTestId('report-download');
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  const text = pdfLayout(await fs.readFile(await download.path())).lines.map((l) => l.text).join(' ');
  for (const [key, value] of Object.entries(shown)) expect(text, `the PDF's ${key}`).toContain(value);

  // The events list's badge, and the dashboard card with the campaign running.
  await eventsBadge(page, event, offset, 'campaignActive');
  const running = await dashboardCard(page, testInfo, offset);
  await shot(page, testInfo, '5-dashboard');

  // Paused from the event header's dots menu: exactly this campaign leaves the active card.
  let header = await openCampaign(page, testInfo, event.id, offset);
  await setStatus(page, header, 'pause');
  await shot(page, testInfo, '6-paused');
  await eventsBadge(page, event, offset, 'campaignInactive');
  const paused = await dashboardCard(page, testInfo, offset);
  expect(running.activeCampaigns - paused.activeCampaigns).toBe(1);
  // (whole currency units on both screens: a difference of rounded sums is within 1 of the rounded figure)
  expect(Math.abs(running.spend - paused.spend - figure(shown.adSpend!))).toBeLessThanOrEqual(1);
  expect(running.purchases - paused.purchases).toBe(figure(shown.purchases!));
  expect(Math.abs(running.revenue - paused.revenue - figure(shown.revenue!))).toBeLessThanOrEqual(1);

  // Resumed: the badge and the card are as before.
  header = await openCampaign(page, testInfo, event.id, offset);
  await setStatus(page, header, 'resume');
  await eventsBadge(page, event, offset, 'campaignActive');
  expect(await dashboardCard(page, testInfo, offset)).toEqual(running);
  await shot(page, testInfo, '7-resumed');
});

// Main flow "Sentinel question → export" (issue 20 §3 and "How the main flows are tested"), one
// journey per size, walked only through the interface from the demo's state in the admin's
// German interface: sign in, open Sentinel from the menu, ask about the customers of Köln (the
// demo's home city: they exist whatever the date), read the summary in German, export the answer
// as CSV and compare its header row with the grid's, open a customer (visited events only before
// the answer's time, upcoming ones apart), ask about the operas to read the aggregates bar in
// each mode, and ask a question with no answer, whose summary is open. Every screen: no
// horizontal overflow, axe without serious or critical findings.
import fs from 'node:fs';
import { expectCleanScreen } from './screen-checks';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPhone, openNavigation, signIn, waitForIslands } from './helpers';
import de from '../../public/locales/de/common.json' with { type: 'json' };

const S = de.sentinel;
const ANSWER_TIMEOUT = 90_000;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/sentinel-main-${name}-${testInfo.project.name}.png` });
}

/** What every walked screen must hold: no sideways scrolling, no serious or critical axe finding. */
const screenIsSound = expectCleanScreen;

async function ask(page: Page, question: string, outcome: string) {
  await page.getByLabel(S.question.label).fill(question);
  await page.getByRole('radio', { name: outcome, exact: true }).check();
  await page.getByRole('button', { name: S.question.ask, exact: true }).click();
  const summary = page.getByTestId('sentinel-summary');
  await expect(summary).toBeVisible({ timeout: ANSWER_TIMEOUT });
  await expect(page.getByTestId('sentinel-loading')).toHaveCount(0, { timeout: ANSWER_TIMEOUT });
  return summary;
}

async function resultCount(page: Page): Promise<number> {
  return Number(((await page.getByTestId('sentinel-count').textContent()) ?? '').replace(/[^\d]/g, ''));
}

/** The grid's column headers as shown (the selection column has none). */
async function gridHeaders(page: Page): Promise<string[]> {
  const cells = page.getByTestId('sentinel-grid').locator('thead tr').first().locator('th');
  return (await cells.allInnerTexts()).slice(1).map((s) => s.trim());
}

/** The texts of one grid column by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const index = (await gridHeaders(page)).indexOf(header);
  expect(index, `column ${header}`).toBeGreaterThanOrEqual(0);
  const rows = page.getByTestId('sentinel-row');
  const out: string[] = [];
  for (let i = 0; i < (await rows.count()); i++) out.push((await rows.nth(i).locator('td').nth(index + 1).innerText()).trim());
  return out;
}

/** The aggregates bar's measures: name → value, as shown. */
async function aggregates(bar: Locator): Promise<Record<string, string>> {
  const items = bar.locator('dl > div');
  const out: Record<string, string> = {};
  for (let i = 0; i < (await items.count()); i++) out[(await items.nth(i).locator('dt').innerText()).trim()] = (await items.nth(i).locator('dd').innerText()).trim();
  return out;
}

/** 'DD.MM.YYYY' → YYYYMMDD, comparable as a number. */
const dayNumber = (d: string) => Number(d.split('.').reverse().join(''));

test.describe('Sentinel question → export (main flow)', () => {
  test.describe.configure({ timeout: 480_000 });

  test('asks in German, reads the summary, exports what the grid shows, opens a customer, reads the aggregates and an empty answer', async ({ page }, testInfo) => {
    const phone = isPhone(testInfo);
    await signIn(page, 'admin', { language: 'de', form: true });

    // Sentinel from the menu.
    const nav = await openNavigation(page, testInfo, { open: de.shell.openMenu, nav: de.shell.mainNavigation, sheet: de.shell.menuTitle });
    await nav.getByRole('link', { name: de.nav.sentinel, exact: true }).click();
    await expect(page).toHaveURL(/\/sentinel\/?$/);
    await waitForIslands(page);
    await expect(page.getByTestId('sentinel-guide')).toBeVisible();
    await screenIsSound(page, 'Sentinel before a question');

    // A question in German about customers.
    const summary = await ask(page, 'Kunden aus Köln, die mindestens ein Ticket gekauft haben', S.question.outcomes.customers);
    const customers = await resultCount(page);
    expect(customers).toBeGreaterThan(0);
    await expect(page.getByTestId('sentinel-row').first()).toBeVisible();
    // How Sentinel understood it, in German: parameter names from the vocabulary, not "City".
    await page.getByTestId('sentinel-summary-toggle').click();
    const filters = summary.getByTestId('sentinel-filters');
    await expect(filters).toContainText(S.fields.c.city);
    await expect(filters).toContainText(S.fields.measure.tickets);
    await expect(filters).toContainText('Köln');
    await expect(filters).not.toContainText(/\bCity\b|Number of tickets/);
    // The grid in German, yes/no as words.
    const headers = await gridHeaders(page);
    expect(headers).toEqual(expect.arrayContaining([S.columns.city, S.columns.ads_opt_out]));
    for (const v of await columnTexts(page, S.columns.ads_opt_out)) expect([S.values.boolean.true, S.values.boolean.false]).toContain(v);
    await shot(page, testInfo, 'customers');
    await screenIsSound(page, 'customer answer');

    // Export as CSV: the file's header row is the grid's header row, and every row of the answer is in it.
    const bar = page.getByTestId(phone ? 'sentinel-topbar-mobile' : 'sentinel-topbar-desktop');
    await bar.getByTestId('sentinel-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: S.exportCsv }).click()]);
    expect(download.suggestedFilename()).toBe('Sentinel.csv');
    const lines = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').split(/\r\n/).filter(Boolean);
    expect(lines[0]!.split(';')).toEqual(headers);
    expect(lines).toHaveLength(customers + 1);
    await page.keyboard.press('Escape');

    // A customer: the drawer on wide screens, its own page on phones.
    const completed = ((await page.getByTestId('sentinel-summary').textContent()) ?? '').match(/(\d{2}\.\d{2}\.\d{4}),/)![1]!;
    await page.getByTestId('sentinel-row').first().locator('td').nth(2).click();
    const detail = phone ? page.locator('article[data-customer-id]') : page.getByTestId('customer-drawer');
    if (phone) await expect(page).toHaveURL(/\/sentinel\/results\/\d+$/);
    await expect(detail.getByRole('heading', { name: de.customer.events.title })).toBeVisible();
    // Visited means held: none after the answer's day; tickets for later events are listed apart.
    const dayOfRow = async (row: Locator) => dayNumber((await row.locator('td').first().textContent())!.trim());
    for (const row of await detail.getByTestId('customer-events').locator('tbody tr').all()) expect(await dayOfRow(row)).toBeLessThanOrEqual(dayNumber(completed));
    for (const row of await detail.getByTestId('customer-upcoming').locator('tbody tr').all()) expect(await dayOfRow(row)).toBeGreaterThanOrEqual(dayNumber(completed));
    await shot(page, testInfo, 'customer');
    await screenIsSound(page, 'customer detail');
    if (phone) {
      await page.goBack();
      await expect(page.getByTestId('sentinel-summary')).toBeVisible({ timeout: ANSWER_TIMEOUT });
    } else {
      await page.keyboard.press('Escape');
      await expect(detail).toHaveCount(0);
    }

    // Events: the aggregates bar adds what adds up and averages shares, each in its unit.
    await ask(page, 'Welche Opern gibt es?', S.question.outcomes.events);
    expect(await resultCount(page)).toBeGreaterThan(0);
    await page.getByTestId('sentinel-summary-toggle').click();
    await expect(page.getByTestId('sentinel-filters')).toContainText(S.values.category.opera);
    const agg = page.getByTestId('sentinel-aggregates');
    await expect(agg).toBeVisible();
    const sums = await aggregates(agg);
    expect(Object.keys(sums)).toEqual(expect.arrayContaining([S.aggregates.capacity, S.aggregates.tickets_sold, S.aggregates.revenue, S.aggregates.sales_prediction]));
    // No sum of shares or of prices, no share sign on a count, money in euros.
    for (const share of [S.aggregates.already_sold, S.aggregates.prediction, S.aggregates.benchmark, S.aggregates.price]) expect(sums[share]).toBeUndefined();
    for (const [name, value] of Object.entries(sums)) expect(value, name).not.toContain('%');
    expect(sums[S.aggregates.revenue]).toMatch(/^[\d.]+,\d{2}\s€$/);
    expect(sums[S.aggregates.tickets_sold]).toMatch(/^[\d.]+$/);
    await shot(page, testInfo, 'events-sum');
    await page.getByTestId('sentinel-agg-average').click();
    await expect(page.getByTestId('sentinel-agg-average')).toHaveAttribute('aria-pressed', 'true');
    const averages = await aggregates(agg);
    for (const share of [S.aggregates.already_sold, S.aggregates.prediction, S.aggregates.benchmark]) expect(averages[share], share).toMatch(/^(\d+,\d %|–)$/);
    expect(averages[S.aggregates.price]).toMatch(/^([\d.]+,\d{2}\s€|–)$/);
    expect(averages[S.aggregates.sales_prediction]).toMatch(/^([\d.]+,\d|–)$/);
    // The grid: categories by name, predicted tickets as a count.
    for (const v of await columnTexts(page, S.columns.category)) expect(v).toBe(S.values.category.opera);
    for (const v of await columnTexts(page, S.columns.sales_prediction)) expect(v).toMatch(/^[\d.]*$/);
    await shot(page, testInfo, 'events-average');
    await screenIsSound(page, 'event answer');

    // No answer: the summary is open and says how the question was read.
    await ask(page, 'Kunden, die mehr als 100000 Tickets gekauft haben', S.question.outcomes.customers);
    expect(await resultCount(page)).toBe(0);
    await expect(page.getByText(S.grid.empty)).toBeVisible();
    await expect(page.getByTestId('sentinel-summary-toggle')).toBeEnabled();
    await expect(page.getByTestId('sentinel-summary-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('sentinel-filters')).toContainText(S.fields.measure.tickets);
    await expect(page.getByTestId('sentinel-filters')).toContainText('100000');
    await expect(bar.getByTestId('sentinel-export')).toBeDisabled();
    await shot(page, testInfo, 'empty');
    await screenIsSound(page, 'empty answer');
  });
});

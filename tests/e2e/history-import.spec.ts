// The history import's main flow (issue 12; issue 20 §4), only through the interface from the
// demo's state: a partner admin opens Settings › System › "Import ticketing history", picks
// events.csv and transactions.csv; a file with a problem comes back as a table of problems by
// file, line and column and nothing is written; the corrected files are checked first and the card
// shows what the import would change (counts, forecasts that would move) with Import / Cancel;
// Import writes, shows its progress and the counts; the imported past event is then found in the
// events list with "include past events" (no start date typed); the import's one summary
// notification reads in the language the reader has now.
//
// Desktop as the admin of 1001, phone as the prisma partner's admin (1002): the projects run at
// once and never import into the same partner. Each run imports events of its own (ids unique
// per run) dated in 2015: outside every default date range, so no other journey's list shows
// them. The import recomputes that partner's forecasts (which may change a demo event's state or
// add a notification); journeys do not depend on forecast states or notification counts of demo
// events (README), so nothing else needs a lock.
import { expectNoHorizontalOverflow, seriousViolations } from './screen-checks';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPhone, openNavigation, rememberLanguage, signIn, waitForIslands } from './helpers';

/** Nothing widens the layout viewport (issue 20 §2.4), at every step. */
const expectNoOverflow = (page: Page) => expectNoHorizontalOverflow(page, page.url());

async function shot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-${testInfo.project.name}.png`), fullPage: false });
}

/** How many of the partner's events, past ones included however old, carry this text (the list's own call). */
async function eventsCalled(page: Page, text: string): Promise<number> {
  const res = await page.request.get(`/api/v3/events/?include_past=true&q=${encodeURIComponent(text)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { total: number }).total;
}

test('a partner admin checks, confirms and finds the imported ticketing history', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const phone = isPhone(testInfo);
  await signIn(page, phone ? 'prisma' : 'admin', { form: true });

  // Settings › System, through the menu.
  const nav = await openNavigation(page, testInfo);
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings/);
  await waitForIslands(page);
  await page.getByRole('tab', { name: /System/ }).click();
  const card = page.getByTestId('history-import');
  await expect(card.getByRole('heading', { name: 'Import ticketing history' })).toBeVisible();
  await expectNoOverflow(page);

  const id = `J${Date.now().toString(36)}${phone ? 'P' : 'D'}`;
  const title = `Journey ${id} Abend`;
  const events = (category: string) =>
    [
      'event_id,title,category,venue,hall,city,capacity,start,status',
      `${id}-1,${title},${category},Journeyhaus,Saal A,Köln,500,2015-03-01T19:30:00+01:00,`,
      `${id}-2,Journey ${id} Matinee,symphony,Journeyhaus,Saal A,Köln,500,2015-03-08T11:00:00Z,cancelled`,
    ].join('\n');
  const transactions = (amount: string) =>
    ['event_id,sold_at,quantity,amount,ticket_type,price_category', `${id}-1,2015-02-01T10:00:00Z,2,${amount},regular,1`, `${id}-1,2015-02-10,-1,-25,,1`, `${id}-2,2015-02-15T09:00:00Z,4,120,discount,2`].join('\n');
  const choose = async (eventsCsv: string, transactionsCsv: string) => {
    await card.getByTestId('history-events-input').setInputFiles({ name: 'events.csv', mimeType: 'text/csv', buffer: Buffer.from(eventsCsv) });
    await card.getByTestId('history-transactions-input').setInputFiles({ name: 'transactions.csv', mimeType: 'text/csv', buffer: Buffer.from(transactionsCsv) });
    await expect(card.getByTestId('history-events-name')).toHaveText('events.csv');
    await expect(card.getByTestId('history-transactions-name')).toHaveText('transactions.csv');
  };
  const check = card.getByRole('button', { name: 'Check files' });

  // 1. A file with problems: an unknown category and an amount with a decimal comma.
  await expect(check).toBeDisabled();
  await choose(events('jazz'), transactions('"50,00"'));
  await check.click();
  const refused = card.getByTestId('history-import-refused');
  // A woken worker can refuse the files before the progress line is ever seen: either one proves the check started.
  await expect(card.getByTestId('history-import-progress').or(refused)).toBeVisible();
  await expect(refused).toBeVisible({ timeout: 90_000 });
  await expect(refused.getByRole('alert')).toHaveText(/refused because of 2 problems\. Nothing was imported\./);
  const problems = refused.getByTestId('history-problem');
  await expect(problems).toHaveCount(2);
  await expect(problems.nth(0)).toContainText('events.csv');
  await expect(problems.nth(0)).toContainText('category');
  await expect(problems.nth(0)).toContainText('Unknown category.');
  await expect(problems.nth(1)).toContainText('transactions.csv');
  await expect(problems.nth(1)).toContainText('amount');
  await expectNoOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, testInfo, 'history-refused');
  expect(await eventsCalled(page, id), 'nothing written').toBe(0);

  // 2. The corrected files are checked: what the import would change, and nothing written yet.
  await refused.getByRole('button', { name: 'Choose corrected files' }).click();
  await choose(events('opera'), transactions('50.00'));
  await check.click();
  const preview = card.getByTestId('history-import-preview');
  await expect(preview).toBeVisible({ timeout: 90_000 });
  const previewHeading = preview.getByRole('heading', { name: 'What the import will change' });
  await expect(previewHeading).toBeFocused();
  await expect(preview).toContainText('Nothing has been imported yet.');
  const counts = preview.getByTestId('history-preview-counts');
  await expect(counts).toContainText('2 events to create');
  await expect(counts).toContainText('0 events to update');
  await expect(counts).toContainText('3 transactions to import');
  await expect(counts).toContainText(/\d+ events? would fall below benchmark/);
  // The forecasts that would move by more than the threshold: a table of them, or the word that none would.
  await expect(preview.getByRole('heading', { name: /Upcoming forecasts that move by more than \d+ points/ })).toBeVisible();
  const moves = preview.getByTestId('history-preview-move');
  if ((await moves.count()) > 0) await expect(moves.first()).toContainText('%');
  else await expect(preview.getByTestId('history-preview-no-moves')).toBeVisible();
  await expectNoOverflow(page);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, testInfo, 'history-preview');
  expect(await eventsCalled(page, id), 'a preview writes nothing').toBe(0);

  // 3. Import: progress, then the counts.
  await preview.getByRole('button', { name: 'Import', exact: true }).click();
  const done = card.getByTestId('history-import-done');
  await expect(card.getByTestId('history-import-progress').or(done)).toBeVisible();
  await expect(done).toBeVisible({ timeout: 120_000 });
  await expect(done).toContainText('Import finished');
  await expect(done).toContainText('2 events created');
  await expect(done).toContainText('3 transactions imported');
  await expect(done).toContainText(/\d+ upcoming forecasts? moved by more than \d+ points/);
  await expect(done).toContainText(/\d+ events? now below benchmark/);
  await expectNoOverflow(page);
  await shot(page, testInfo, 'history-done');
  expect(await eventsCalled(page, id)).toBe(1); // the cancelled one is not listed by default

  // 4. The imported past event in the events list: "Include past events", no start date typed.
  const nav2 = await openNavigation(page, testInfo);
  await nav2.getByRole('link', { name: phone ? 'Shows' : 'Demand prediction' }).click();
  await expect(page).toHaveURL(/\/events/);
  await waitForIslands(page);
  await page.getByRole('searchbox').first().fill(id);
  await expect(page.getByText(title)).toHaveCount(0);
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('checkbox', { name: 'Include past events' }).check();
  await expect(page).toHaveURL(/past=1/);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible({ timeout: 15_000 });
  await expectNoOverflow(page);
  await shot(page, testInfo, 'history-events-list');

  // 5. One summary notification, rendered in the reader's language at the time of reading.
  const nav3 = await openNavigation(page, testInfo);
  await nav3.getByRole('link', { name: /^Notifications/ }).click();
  await expect(page).toHaveURL(/\/notifications/);
  await waitForIslands(page);
  await expect(page.getByText('Ticketing history imported').first()).toBeVisible({ timeout: 15_000 });
  await rememberLanguage(page.context(), 'de');
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByText('Ticketing-Historie importiert').first()).toBeVisible({ timeout: 15_000 });
  await expectNoOverflow(page);
});

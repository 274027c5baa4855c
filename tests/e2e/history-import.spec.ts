// Issue 12, settings #system "Import ticketing history": a partner admin picks events.csv and
// transactions.csv, both go up through the multipart protocol, the task's progress shows, bad
// files come back as a table of problems by file, line and column (nothing imported), corrected
// files (the transactions as .csv.gz) are imported with their counts. Desktop as the admin of 1001 in German, phone as the
// prisma partner's admin in English; each imports events of its own (ids unique per run), dated
// in 2015 so no other journey's upcoming lists or forecasts see them.
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { isPhone, signIn, waitForIslands } from './helpers';

const TEXT = {
  de: { format: 'Dateiformat', heading: 'Ticketing-Historie importieren', start: 'Importieren', refused: /wegen 3 Problemen abgelehnt/, again: 'Korrigierte Dateien wählen', done: 'Import abgeschlossen', created: '2 Veranstaltungen angelegt', tx: '3 Transaktionen importiert', category: 'Unbekannte Kategorie.' },
  en: { format: 'File format', heading: 'Import ticketing history', start: 'Import', refused: /because of 3 problems/, again: 'Choose corrected files', done: 'Import finished', created: '2 events created', tx: '3 transactions imported', category: 'Unknown category.' },
} as const;

test('a partner admin imports the ticketing history from settings #system', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const phone = isPhone(testInfo);
  const lng = phone ? 'en' : 'de';
  const txt = TEXT[lng];
  await signIn(page, phone ? 'prisma' : 'admin', { language: lng });
  await page.goto('/settings#system');
  await waitForIslands(page);
  const card = page.getByTestId('history-import');
  await expect(card.getByRole('heading', { name: txt.heading })).toBeVisible();

  const id = `J${Date.now().toString(36)}${phone ? 'P' : 'D'}`;
  const events = (category: string) =>
    [
      'event_id,title,category,venue,hall,city,capacity,start,status',
      `${id}-1,"Journey ${id}, Abend",${category},Journeyhaus,Saal A,Köln,500,2015-03-01T19:30:00+01:00,`,
      `${id}-2,Journey ${id} Matinee,symphony,Journeyhaus,Saal A,Köln,500,2015-03-08T11:00:00Z,cancelled`,
    ].join('\n');
  const transactions = (amount: string) =>
    ['event_id,sold_at,quantity,amount,ticket_type,price_category', `${id}-1,2015-02-01T10:00:00Z,2,${amount},regular,1`, `${id}-1,2015-02-10,-1,-25,,1`, `${id}-2,2015-02-15T09:00:00Z,4,120,discount,2`].join('\n');
  const choose = async (eventsCsv: string, transactionsCsv: string, gzip = false) => {
    const txName = gzip ? 'transactions.csv.gz' : 'transactions.csv';
    await card.getByTestId('history-events-input').setInputFiles({ name: 'events.csv', mimeType: 'text/csv', buffer: Buffer.from(eventsCsv) });
    await card
      .getByTestId('history-transactions-input')
      .setInputFiles({ name: txName, mimeType: gzip ? 'application/gzip' : 'text/csv', buffer: gzip ? gzipSync(transactionsCsv) : Buffer.from(transactionsCsv) });
    await expect(card.getByTestId('history-events-name')).toHaveText('events.csv');
    await expect(card.getByTestId('history-transactions-name')).toHaveText(txName);
  };

  // Bad files: an unknown category, and an amount with a decimal comma (quoted, so the line still has its six fields).
  await expect(card.getByRole('button', { name: txt.start })).toBeDisabled();
  await choose(events('jazz'), transactions('"50,00"').replace(`${id}-2,2015-02-15T09:00:00Z,4`, `${id}-2,2015-02-15T09:00:00Z,4.5`));
  await card.getByRole('button', { name: txt.start }).click();
  await expect(card.getByTestId('history-import-progress')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`history-progress-${testInfo.project.name}.png`), fullPage: false });
  const refused = card.getByTestId('history-import-refused');
  await expect(refused).toBeVisible({ timeout: 60_000 });
  await expect(refused.getByRole('alert')).toHaveText(txt.refused);
  const rows = refused.getByTestId('history-problem');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('events.csv');
  await expect(rows.nth(0)).toContainText('2');
  await expect(rows.nth(0)).toContainText('category');
  await expect(rows.nth(0)).toContainText(txt.category);
  await expect(rows.nth(1)).toContainText('transactions.csv');
  await expect(rows.nth(1)).toContainText('amount');
  await expect(rows.nth(2)).toContainText('quantity');
  await page.screenshot({ path: testInfo.outputPath(`history-refused-${testInfo.project.name}.png`), fullPage: false });
  const axe = await new AxeBuilder({ page }).include('[data-testid="history-import"]').analyze();
  expect(axe.violations).toEqual([]);

  // Corrected files, the transactions gzipped.
  await refused.getByRole('button', { name: txt.again }).click();
  await choose(events('opera'), transactions('50.00'), true);
  await card.getByText(txt.format).click();
  await expect(card.getByText('event_id,title,category,venue,hall,city,capacity,start')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`history-chosen-${testInfo.project.name}.png`), fullPage: false });
  await card.getByRole('button', { name: txt.start }).click();
  const done = card.getByTestId('history-import-done');
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done).toContainText(txt.done);
  await expect(done).toContainText(txt.created);
  await expect(done).toContainText(txt.tx);
  await done.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`history-done-${testInfo.project.name}.png`), fullPage: false });
});

// spec 3 §2 "Bulk events upload page", §4, §8: the region's template downloads, a good workbook
// uploads (preferred-partner header, success toast, / after 2 s) and its events appear in
// /events; a bad workbook opens the failure modal listing every row's problem; wrong file types
// are refused in the browser. Desktop and phone, with screenshots and an axe scan.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { serverDate } from './clock';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import type { EventList } from '../../src/lib/contracts/events';
import { BASE_URL, enText, signIn, waitForIslands } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `n` days after the server's today (ENCORE_NOW may move it) as the workbook's DD.MM.YYYY. */
const inDays = (n: number) => {
  const d = serverDate();
  d.setUTCDate(d.getUTCDate() + n);
  return `${String(d.getUTCDate()).padStart(2, '0')}.${String(d.getUTCMonth() + 1).padStart(2, '0')}.${d.getUTCFullYear()}`;
};
const HEADER = ['Identifier', 'Title', 'Category', 'Date', 'Time', 'Avg Price', 'City', 'Venue', 'Hall', 'Venue Capacity'];

async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((r) => ws.addRow(r));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openPage(page: Page) {
  await page.goto('/add-multi-events');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: enText('bulkUpload.title') })).toBeVisible();
}

async function eventsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/v3/events/?q=${encodeURIComponent(name)}&include_archived=true`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as EventList).items.filter((i) => i.title.startsWith(name));
}

test.describe('bulk events upload', () => {
  test.beforeEach(() => {
    test.slow(); // page loads, uploads and an axe scan on a shared machine
  });

  test('downloads the template of the chosen region and uploads a good workbook', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    // The events page's add menu leads here.
    await page.goto('/events');
    await waitForIslands(page);
    await page.getByRole('button', { name: enText('events.actions.addEvent') }).click();
    await page.getByRole('menuitem', { name: enText('events.actions.severalEvents') }).click();
    await page.waitForURL('**/add-multi-events');
    await waitForIslands(page);

    const template = page.getByTestId('bulk-template');
    await expect(template).toHaveAttribute('href', '/downloads/events_template_eu.xlsx');
    await page.getByLabel(enText('bulkUpload.region.us')).check();
    await expect(template).toHaveAttribute('href', '/downloads/events_template_us.xlsx');
    const download = page.waitForEvent('download');
    await template.click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('events_template_us.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile((await file.path())!);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Events', 'Lineup Artists', 'Setlist Works', 'settings', 'Instructions']);
    expect(wb.getWorksheet('settings')!.getCell('B1').value).toBe('mm/dd/yyyy');
    await page.getByLabel(enText('bulkUpload.region.eu')).check();

    const submit = page.getByRole('button', { name: enText('bulkUpload.submit') });
    await expect(submit).toBeDisabled();
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const title = `Bulk gala ${stamp}`;
    const buffer = await workbook({
      Events: [HEADER, [`BG-${stamp}-1`, `${title} A`, 'symphony', inDays(20), '19:30', 30, 'Köln', 'Konzerthaus Rheinland', 'Großer Saal', 1500], [`BG-${stamp}-2`, `${title} B`, 'opera', inDays(21), '20:00', 55, 'Köln', 'Konzerthaus Rheinland', 'Großer Saal', 1500]],
      'Lineup Artists': [['Event Identifier', 'Artist Name', 'Role/Type'], [`BG-${stamp}-1`, 'Anna Weber', 'conductor']],
      settings: [['aux_date_format', 'dd.mm.yyyy']],
    });
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'events.xlsx', mimeType: XLSX, buffer });
    await expect(page.getByTestId('bulk-file')).toContainText('events.xlsx');
    await expect(page.getByText(enText('bulkUpload.ready'))).toBeVisible();
    await expect(submit).toBeEnabled();
    await page.screenshot({ path: `${SHOTS}/bulk-ready-${testInfo.project.name}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const sent = page.waitForRequest((r) => r.url().includes('/api/v3/events/bulk_upload?event_type=fdlive') && r.method() === 'POST');
    await submit.click();
    expect((await sent).headers()['x-preferred-partner-id']).toBe('1001');
    await expect(page.getByText('2 events added', { exact: true })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard', { timeout: 10_000 });

    const created = await eventsNamed(page, title);
    expect(created.map((e) => e.title).sort()).toEqual([`${title} A`, `${title} B`]);
    expect(created.every((e) => e.id.includes('-sim-'))).toBe(true);
    await page.goto(`/events?q=${encodeURIComponent(title)}`);
    await waitForIslands(page);
    await expect(page.getByText(`${title} A`).first()).toBeVisible();
  });

  test('a bad workbook opens the failure modal listing every row problem; nothing is created', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await openPage(page);
    const stamp = `${testInfo.project.name}-${Date.now()}`;
    const buffer = await workbook({
      Events: [
        HEADER,
        [`BAD-${stamp}-1`, `Bad bulk ${stamp}`, 'symphony', inDays(20), '19:30', 30, 'Köln', 'V', 'H', 100],
        [`BAD-${stamp}-2`, '', 'circus', inDays(1), '19:15', -5, 'Köln', 'V', 'H', 10.5],
      ],
      'Lineup Artists': [['Event Identifier', 'Artist Name', 'Role/Type'], ['NOPE', 'Anna', 'conductor']],
    });
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'bad.xlsx', mimeType: XLSX, buffer });
    await page.getByRole('button', { name: enText('bulkUpload.submit') }).click();

    const dialog = page.getByRole('dialog', { name: enText('bulkUpload.failed.title') });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('The file has 7 problems.');
    const items = dialog.getByTestId('bulk-issues').getByRole('listitem');
    await expect(items).toHaveCount(7);
    await expect(items.nth(0)).toContainText('Events · Row 3 · Title (B)');
    await expect(items.nth(0)).toContainText(enText('bulkUpload.reasons.required'));
    await expect(dialog).toContainText(enText('bulkUpload.reasons.badCategory'));
    await expect(dialog).toContainText(enText('bulkUpload.reasons.tooEarly'));
    await expect(dialog).toContainText(enText('bulkUpload.reasons.timeStep'));
    await expect(dialog).toContainText(enText('bulkUpload.reasons.negativeError'));
    await expect(dialog).toContainText(enText('bulkUpload.reasons.decimalError'));
    await expect(items.nth(6)).toContainText('Lineup Artists · Row 2 · Identifier (A)');
    await page.screenshot({ path: `${SHOTS}/bulk-failed-${testInfo.project.name}.png` });
    const axe = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await eventsNamed(page, `Bad bulk ${stamp}`)).toEqual([]);
  });

  test('in German the page and the modal speak German, with German sheet and column names accepted', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { language: 'de' });
    await page.goto('/add-multi-events');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Mehrere Veranstaltungen anlegen' })).toBeVisible();
    const buffer = await workbook({
      Veranstaltungen: [
        ['Kennung', 'Titel', 'Kategorie', 'Datum', 'Uhrzeit', 'Durchschnittspreis', 'Stadt', 'Spielstätte', 'Saal', 'Kapazität'],
        [`DE-${testInfo.project.name}-${Date.now()}`, 'Liederabend', 'vocal', inDays(30), '19:45', 20, 'Bonn', 'V', 'H', 'viele'],
      ],
    });
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'veranstaltungen.xlsx', mimeType: XLSX, buffer });
    await page.getByRole('button', { name: 'Veranstaltungen hochladen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hochladen fehlgeschlagen' });
    await expect(dialog).toContainText('Die Datei hat 2 Probleme.');
    await expect(dialog).toContainText('Events · Zeile 2 · Uhrzeit (E)');
    await expect(dialog).toContainText('Bitte eine volle oder halbe Stunde wählen.');
    await expect(dialog).toContainText('Kapazität (J)');
    await page.screenshot({ path: `${SHOTS}/bulk-failed-de-${testInfo.project.name}.png` });
  });

  test('the templates need a signed-in user', async ({ playwright }) => {
    const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
    const res = await anonymous.get('/downloads/events_template_eu.xlsx', { maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers()['location']).toContain('/login?next=');
    await anonymous.dispose();
  });

  test('a file that is not a spreadsheet is refused before upload', async ({ page }) => {
    await signIn(page, 'admin');
    await openPage(page);
    await page.getByTestId('bulk-file-input').setInputFiles({ name: 'events.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b\n1,2\n') });
    await expect(page.getByTestId('bulk-file-error')).toHaveText(enText('bulkUpload.errors.invalid_file_format'));
    await expect(page.getByRole('button', { name: enText('bulkUpload.submit') })).toBeDisabled();
  });

  test('without the simulation permission the page and the call are refused', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.goto('/add-multi-events');
    await expect(page.getByRole('heading', { level: 1, name: enText('bulkUpload.title') })).toHaveCount(0);
    const res = await page.request.post('/api/v3/events/bulk_upload?event_type=fdlive', {
      // The same-origin header a browser sends with a form post (the CSRF check wants it).
      headers: { origin: BASE_URL },
      multipart: { file: { name: 'x.xlsx', mimeType: XLSX, buffer: Buffer.from('x') } },
    });
    expect(res.status()).toBe(403);
    expect(((await res.json()) as { error_code: string }).error_code).toBe('error.auth.forbidden');
  });
});

// spec 3 §2 "Export and adjustment import", §5 "Sales adjustment", §8: export the listed events'
// sales, change a total in the file, import it with progress, and see the event's sold figure
// follow; a wrong file type is refused in the browser, a refused file shows the server's reason.
// Each test works on an upcoming event with sales of its own (fixtures.ts salesEvent; its unique
// title keeps the searched export to that one event).
import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { EventItem } from '../../src/lib/contracts/events';
import { formatCount } from '../../src/islands/events/detail/format';
import { expect, extendTimeout, test } from './fixtures';
import { enText, signIn, waitForIslands } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function currentEvent(page: Page, id: string): Promise<EventItem> {
  const res = await page.request.get(`/api/v3/events/${encodeURIComponent(id)}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as EventItem;
}

/** The events list searched for the event (so the export stays small), and its export as a workbook. */
async function exportFor(page: Page, event: EventItem): Promise<ExcelJS.Workbook> {
  await page.goto(`/events/?q=${encodeURIComponent(event.title)}`);
  await waitForIslands(page);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export sales' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('exported-data.xlsx');
  const wb = new ExcelJS.Workbook();
  const bytes = await readFile(await file.path());
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}

/** Sets one of the event's 'regular tickets' totals in the export to `change(old)`. */
async function editRegularTickets(wb: ExcelJS.Workbook, eventId: string, change: (old: number) => number): Promise<Buffer> {
  const ws = wb.getWorksheet('Sales');
  expect(ws, 'the export has its Sales sheet').toBeTruthy();
  const header = (ws!.getRow(1).values as unknown[]).slice(1).map((v) => String(v ?? '').toLowerCase());
  const col = header.indexOf('regular tickets') + 1;
  expect(col).toBeGreaterThan(0);
  let target: ExcelJS.Row | null = null;
  ws!.eachRow((row, n) => {
    if (n > 1 && row.getCell(1).value === eventId && row.getCell(4).value) target = row;
  });
  expect(target, 'the event has sales days in the export').not.toBeNull();
  const cell = (target as unknown as ExcelJS.Row).getCell(col);
  cell.value = change(Number(cell.value ?? 0));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function openImport(page: Page) {
  await page.getByRole('button', { name: 'Import sales' }).click();
  const dialog = page.getByRole('dialog', { name: enText('events.salesImport.title') });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('sales adjustment import', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('export, change a total, import with progress: the toast counts it and the sold figure follows', async ({ page, salesEvent: event }) => {
    extendTimeout(60_000);
    const before = (await currentEvent(page, event.id)).benchmark.tickets_sold;
    const file = await editRegularTickets(await exportFor(page, event), event.id, (old) => old + 5);

    const dialog = await openImport(page);
    const submit = dialog.getByRole('button', { name: 'Import', exact: true });
    await expect(submit).toBeDisabled();
    await dialog.getByTestId('sales-import-input').setInputFiles({ name: 'exported-data.xlsx', mimeType: XLSX, buffer: file });
    await expect(dialog.getByTestId('sales-import-file')).toContainText('exported-data.xlsx');
    await expect(submit).toBeEnabled();

    // A slow line makes the upload's progress visible (and proves it is the real one, not a spinner).
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: Math.max(8_000, file.length / 3) });
    const sent = page.waitForRequest((r) => r.url().includes('/api/v3/daily_revenue_summary/sales_edit_export') && r.method() === 'POST');
    const listReloaded = page.waitForRequest((r) => /\/api\/v3\/events\/?\?/.test(r.url()) && r.method() === 'GET');
    await submit.click();
    const progress = dialog.getByRole('progressbar');
    await expect(progress).toBeVisible();
    await expect(dialog.getByRole('button', { name: enText('events.salesImport.importing') })).toBeDisabled();
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 15_000 }).toBeGreaterThan(0);
    const request = await sent;
    expect(new URL(request.url()).searchParams.get('date_format')).toBe('mm/dd/yyyy');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

    await expect(page.getByText(enText('events.salesImport.successDescription_one').replace('{{count}}', '1'), { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(dialog).toHaveCount(0);
    await listReloaded;

    // The event shows the 5 more tickets once its forecast is recomputed.
    const sold = `${formatCount(before + 5, 'en')} of ${formatCount(event.capacity, 'en')} tickets sold`;
    await expect
      .poll(async () => (await currentEvent(page, event.id)).benchmark.tickets_sold, { timeout: 30_000 })
      .toBe(before + 5);
    await page.goto(`/events/${event.id}`);
    await waitForIslands(page);
    await expect(page.getByText(sold)).toBeVisible();
  });

  test('a wrong file type is refused in the browser; a refused file shows the server’s reason', async ({ page, salesEvent: event }) => {
    extendTimeout(30_000);
    const refused = await editRegularTickets(await exportFor(page, event), event.id, () => -3);
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('sales_edit_export') && posts.push(r.url()));

    const dialog = await openImport(page);
    const input = dialog.getByTestId('sales-import-input');
    const error = dialog.getByTestId('sales-import-error');
    const submit = dialog.getByRole('button', { name: 'Import', exact: true });

    await input.setInputFiles({ name: 'sales.csv', mimeType: 'text/csv', buffer: Buffer.from('Event ID,Date\n') });
    await expect(error).toHaveText(enText('event.salesEdit.manualAdjustments.errors.INVALID_FILE_FORMAT'));
    await expect(submit).toBeDisabled();
    await dialog.getByRole('button', { name: 'Remove sales.csv' }).click();
    await expect(dialog.getByTestId('sales-import-file')).toHaveCount(0);
    expect(posts).toEqual([]);

    await input.setInputFiles({ name: 'exported-data.xlsx', mimeType: XLSX, buffer: refused });
    await expect(error).toHaveText('');
    await submit.click();
    await expect(error).toContainText(enText('common.serverErrors.error.sales_edit.invalid_transaction_count'));
    await expect(error).toContainText(/\(Sales![A-Z]+\d+\)/);
    expect(posts).toHaveLength(1);
    // A refused file may be sent again (after fixing it elsewhere); the dialog stays.
    await expect(submit).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    expect((await currentEvent(page, event.id)).benchmark.tickets_sold).toBe(event.benchmark.tickets_sold);
  });

  test('a file over 10 MB is refused before upload with the size', async ({ page }) => {
    await page.goto('/events/');
    await waitForIslands(page);
    const dialog = await openImport(page);
    await dialog.getByTestId('sales-import-input').setInputFiles({ name: 'big.xlsx', mimeType: XLSX, buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
    await expect(dialog.getByTestId('sales-import-error')).toHaveText(enText('event.salesEdit.manualAdjustments.errors.FILE_TOO_LARGE'));
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
  });
});

// spec 3 "Manual sales entry", "Spreadsheet sales upload", §4, §5, §8: the sales panels in the
// event drawer (desktop) and on the phone route, opened from the event's actions menu. Each test of
// each project works on an upcoming event with sales of its own (fixtures.ts salesEvent): the
// two projects run at once. "Today" is the server's (ENCORE_NOW may move it; the browser follows).
import { seriousViolations } from './screen-checks';
import ExcelJS from 'exceljs';
import type { Page, TestInfo } from '@playwright/test';
import type { EventItem } from '../../src/lib/contracts/events';
import { formatCount } from '../../src/islands/events/detail/format';
import { displayDay as display, serverDay } from './clock';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, signIn, waitForHydrated, waitForIslands } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const today = () => serverDay(0);
const addDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Mode = 'manual' | 'file';

/** Opens the panel the way a user does: the actions menu of the drawer (desktop) or the event page (phone). */
async function openPanel(page: Page, testInfo: TestInfo, event: EventItem, mode: Mode) {
  const item = mode === 'manual' ? 'Manual upload' : 'File upload';
  if (isPhone(testInfo)) {
    await page.goto(`/events/${event.id}`);
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: item }).click();
    await expect(page).toHaveURL(`/events/${event.id}/update-sales/${mode === 'manual' ? 'sales_summary' : 'document_upload'}`);
    await waitForIslands(page);
  } else {
    await page.goto(`/events/?drawer-open=true&event-id=${event.id}`);
    await waitForIslands(page);
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Event actions' }).click();
    await page.getByRole('menuitem', { name: 'Add sales' }).press('ArrowRight');
    await page.getByRole('menuitem', { name: item }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]update-sales=${mode === 'manual' ? 'SALESSUMMARY' : 'DOCUMENTUPLOAD'}`));
  }
  const panel = page.getByTestId('sales-panel');
  const title = enText(mode === 'manual' ? 'event.salesEdit.manual.title' : 'event.salesEdit.documentUpload.title');
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  await expect(panel.getByText(event.title)).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'How it works' })).toBeVisible();
  // The form inside loads lazily: on the phone route its server HTML shows before it can take input.
  await waitForHydrated(panel.getByRole('button', { name: 'Cancel' }));
  return panel;
}

/** After the panel closed: the detail (drawer or page) is back. */
async function expectDetailBack(page: Page, testInfo: TestInfo, event: EventItem) {
  await expect(page.getByTestId('sales-panel')).toHaveCount(0);
  if (isPhone(testInfo)) await expect(page).toHaveURL(new RegExp(`/events/${event.id}(\\?.*)?$`));
  else await expect(page).not.toHaveURL(/update-sales/);
  await expect(page.getByTestId('benchmark-now-value')).toBeVisible();
}

async function soldLine(page: Page, sold: number, capacity: number) {
  return page.getByText(`${formatCount(sold, 'en')} of ${formatCount(capacity, 'en')} tickets sold`);
}

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HEADER = ['Date*', 'Tickets*', 'Revenue*', 'Ticket Type'];

test.describe('sales entry', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test('manual: date rules, validation messages and the cancel confirmation', async ({ page, salesEvent: event }, testInfo) => {
    const panel = await openPanel(page, testInfo, event, 'manual');
    const add = panel.getByRole('button', { name: 'Add', exact: true });
    const start = panel.getByRole('textbox', { name: 'Start date' });
    const end = panel.getByRole('textbox', { name: 'End date' });
    await expect(add).toBeDisabled();
    await expect(end).toBeDisabled();

    // Required fields left empty are named once the user has been in them.
    await panel.getByLabel('Number of tickets').focus();
    await panel.getByLabel('Total revenue').focus();
    await start.focus();
    await expect(panel.getByText(enText('event.salesEdit.errors.fillRequired'))).toBeVisible();

    // spec 3: no day after today (the event lies ahead); the end needs a start and cannot precede it.
    await start.fill(display(addDays(today(), 1)));
    await start.press('Tab');
    await expect(panel.getByText(`The date cannot be after ${display(today())}.`)).toBeVisible();
    await expect(end).toBeDisabled();
    await start.fill(display(today()));
    await start.press('Tab');
    await expect(end).toBeEnabled();
    await end.fill(display(addDays(today(), -1)));
    await end.press('Tab');
    await expect(panel.getByText(enText('event.salesEdit.errors.beforeStart'))).toBeVisible();
    await end.fill(display(today()));
    await end.press('Tab');

    await panel.getByRole('combobox', { name: 'Ticket type' }).selectOption({ label: 'Regular' });
    const tickets = panel.getByLabel('Number of tickets');
    const revenue = panel.getByLabel('Total revenue');
    await tickets.fill('0');
    await revenue.fill('-1');
    await revenue.press('Tab');
    await expect(panel.getByText(enText('event.salesEdit.errors.valueMustBePositive'))).toHaveCount(2);
    await expect(add).toBeDisabled();
    await tickets.fill('3');
    await revenue.fill('0');
    await expect(panel.getByText(enText('event.salesEdit.errors.valueMustBePositive'))).toHaveCount(0);
    await expect(add).toBeEnabled();

    // A second row can go again; the first cannot.
    await panel.getByRole('button', { name: 'Add ticket type' }).click();
    await expect(panel.getByTestId('sales-row')).toHaveCount(2);
    await expect(add).toBeDisabled();
    await expect(panel.getByRole('button', { name: 'Remove row 1' })).toHaveCount(0);
    await panel.getByRole('button', { name: 'Remove row 2' }).click();
    await expect(panel.getByTestId('sales-row')).toHaveCount(1);

    // Unsaved input: Cancel asks first; keeping stays, discarding leaves.
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Keep editing' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(tickets).toHaveValue('3');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') }).getByRole('button', { name: 'Discard' }).click();
    await expectDetailBack(page, testInfo, event);
  });

  test('manual: an untouched panel closes without asking', async ({ page, salesEvent: event }, testInfo) => {
    const panel = await openPanel(page, testInfo, event, 'manual');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') })).toHaveCount(0);
    await expectDetailBack(page, testInfo, event);
  });

  test('manual: added sales raise the sold number once the forecast is recomputed', async ({ page, salesEvent: event }, testInfo) => {
    extendTimeout(30_000);
    const before = event.benchmark.tickets_sold;
    const panel = await openPanel(page, testInfo, event, 'manual');
    await panel.getByRole('textbox', { name: 'Start date' }).fill(display(addDays(today(), -2)));
    await panel.getByRole('textbox', { name: 'Start date' }).press('Tab');
    await panel.getByRole('textbox', { name: 'End date' }).fill(display(today()));
    await panel.getByRole('textbox', { name: 'End date' }).press('Tab');
    await panel.getByRole('combobox', { name: 'Ticket type' }).selectOption({ label: 'Regular' });
    await panel.getByLabel('Number of tickets').fill('7');
    await panel.getByLabel('Total revenue').fill('210,50');
    await panel.getByRole('button', { name: 'Add ticket type' }).click();
    const second = panel.getByTestId('sales-row').nth(1);
    await second.getByRole('combobox', { name: 'Ticket type' }).selectOption({ label: 'Cancelled' });
    await second.getByLabel('Number of tickets').fill('2');
    await second.getByLabel('Total revenue').fill('0');

    const posted = page.waitForRequest((r) => r.url().endsWith('/api/v3/ingest/transaction_summary') && r.method() === 'POST');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    expect((await posted).postDataJSON()).toEqual({
      event_id: event.id,
      start_date: addDays(today(), -2),
      end_date: today(),
      ticket_types: { regular: { count: 7, revenue: 210.5 }, cancelled: { count: 2, revenue: 0 } },
    });
    await expect(page.getByText(enText('event.salesEdit.manual.success'), { exact: true })).toBeVisible();
    await expectDetailBack(page, testInfo, event);
    // Cancelled tickets are not sold (sales/measures.ts): 7 more.
    await expect(await soldLine(page, before + 7, event.capacity)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('forecast-updating')).toHaveCount(0, { timeout: 30_000 });
  });

  test('manual: a refused request says so and keeps the input', async ({ page, salesEvent: event }, testInfo) => {
    await page.route('**/api/v3/ingest/transaction_summary', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'boom', error_code: 'error.common.internal' }) }),
    );
    const panel = await openPanel(page, testInfo, event, 'manual');
    await panel.getByRole('textbox', { name: 'Start date' }).fill(display(today()));
    await panel.getByRole('textbox', { name: 'Start date' }).press('Tab');
    await panel.getByRole('textbox', { name: 'End date' }).fill(display(today()));
    await panel.getByRole('textbox', { name: 'End date' }).press('Tab');
    await panel.getByRole('combobox', { name: 'Ticket type' }).selectOption({ label: 'Free' });
    await panel.getByLabel('Number of tickets').fill('1');
    await panel.getByLabel('Total revenue').fill('0');
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(panel.getByRole('alert').filter({ hasText: enText('event.salesEdit.errors.server') })).toBeVisible();
    await expect(panel.getByLabel('Number of tickets')).toHaveValue('1');
  });

  test('spreadsheet: a valid workbook uploads; the same data again is refused', async ({ page, salesEvent: event }, testInfo) => {
    extendTimeout(30_000);
    const panel = await openPanel(page, testInfo, event, 'file');
    await expect(panel.getByRole('link', { name: /Download the template/ })).toHaveAttribute('href', '/downloads/sales_template.xlsx');
    const upload = panel.getByRole('button', { name: 'Upload', exact: true });
    await expect(upload).toBeDisabled();

    const buffer = await workbook((wb) => {
      wb.addWorksheet('Instructions').addRow(['Fill in the Sales sheet.']);
      const sales = wb.addWorksheet('Sales');
      sales.addRow(HEADER);
      sales.addRow([display(addDays(today(), -1)), 4, 96.5, 'regular']);
      sales.addRow([display(today()), 2, 30, 'Regular Discount']);
    });
    const file = { name: `sales-${testInfo.project.name}.xlsx`, mimeType: XLSX, buffer };
    await panel.getByTestId('sales-file-input').setInputFiles(file);
    await expect(panel.getByTestId('sales-file')).toContainText(file.name);
    await expect(panel.getByText('2 sales rows')).toBeVisible();
    await expect(upload).toBeEnabled();

    const sent = page.waitForRequest((r) => r.url().includes('/api/v3/ingest/transaction_summary/from_excel?eid=') && r.method() === 'POST');
    await upload.click();
    expect(new URL((await sent).url()).searchParams.get('eid')).toBe(event.id);
    await expect(page.getByText(enText('event.salesEdit.documentUpload.success'), { exact: true })).toBeVisible();
    await expectDetailBack(page, testInfo, event);

    // The same rows again: the server refuses them (already_exist) and the panel stays open.
    const again = await openPanel(page, testInfo, event, 'file');
    await again.getByTestId('sales-file-input').setInputFiles(file);
    await again.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(again.getByTestId('sales-file-error')).toContainText(enText('common.serverErrors.error.upload_sales_from_excel.already_exist'));
    await expect(again.getByRole('button', { name: 'Upload', exact: true })).toBeEnabled();
  });

  test('spreadsheet: the browser refuses invalid files with the client codes', async ({ page, salesEvent: event }, testInfo) => {
    const panel = await openPanel(page, testInfo, event, 'file');
    const input = panel.getByTestId('sales-file-input');
    const error = panel.getByTestId('sales-file-error');
    const upload = panel.getByRole('button', { name: 'Upload', exact: true });
    const requests: string[] = [];
    page.on('request', (r) => r.url().includes('/ingest/') && requests.push(r.url()));

    const badHeader = await workbook((wb) => {
      const s = wb.addWorksheet('Sales');
      s.addRow(['Date*', 'Revenue*', 'Tickets*']);
      s.addRow(['01.01.2026', 10, 1]);
    });
    await input.setInputFiles({ name: 'wrong-columns.xlsx', mimeType: XLSX, buffer: badHeader });
    await expect(error).toHaveText(enText('event.salesEdit.documentUpload.errors.INVALID_FILE_DATA'));
    await expect(upload).toBeDisabled();

    const badType = await workbook((wb) => {
      const s = wb.addWorksheet('Sales');
      s.addRow(HEADER);
      s.addRow(['01.01.2026', 1, 10, 'VIP']);
    });
    await input.setInputFiles({ name: 'vip.xlsx', mimeType: XLSX, buffer: badType });
    await expect(panel.getByTestId('sales-file')).toContainText('vip.xlsx');
    await expect(error).toHaveText(enText('event.salesEdit.documentUpload.errors.INVALID_FILE_DATA'));

    const empty = await workbook((wb) => {
      wb.addWorksheet('Sales').addRow(HEADER);
      wb.addWorksheet('Hidden', { state: 'hidden' }).addRow(['anything']);
    });
    await input.setInputFiles({ name: 'empty.xlsx', mimeType: XLSX, buffer: empty });
    await expect(error).toHaveText(enText('event.salesEdit.documentUpload.errors.NO_SALES_RECORDS'));

    await input.setInputFiles({ name: 'broken.xlsx', mimeType: XLSX, buffer: Buffer.from('not a zip at all') });
    await expect(error).toHaveText(enText('event.salesEdit.documentUpload.errors.INVALID_FILE_FORMAT'));
    await expect(upload).toBeDisabled();

    // Removing the file clears it and its error.
    await panel.getByRole('button', { name: 'Remove broken.xlsx' }).click();
    await expect(panel.getByTestId('sales-file')).toHaveCount(0);
    await expect(error).toHaveText('');
    expect(requests).toEqual([]);

    // A chosen file makes Cancel ask.
    await input.setInputFiles({ name: 'broken.xlsx', mimeType: XLSX, buffer: Buffer.from('x') });
    // The dropzone reads the chosen file asynchronously; a user cancels once it shows.
    await expect(panel.getByTestId('sales-file')).toContainText('broken.xlsx');
    await panel.getByRole('button', { name: 'Cancel' }).click();
    const confirm = page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') });
    await expect(confirm).toContainText(enText('event.salesEdit.discard.documentUpload'));
    await confirm.getByRole('button', { name: 'Discard' }).click();
    await expectDetailBack(page, testInfo, event);
  });

  test('both panels have no serious or critical accessibility violations', async ({ page, salesEvent: event }, testInfo) => {
    extendTimeout(30_000);
    const serious = () => seriousViolations(page, { include: '[data-testid="sales-panel"]' });
    const manual = await openPanel(page, testInfo, event, 'manual');
    await manual.getByRole('textbox', { name: 'Number of tickets' }).fill('0');
    await manual.getByRole('textbox', { name: 'Number of tickets' }).press('Tab');
    await expect(manual.getByText(enText('event.salesEdit.errors.valueMustBePositive'))).toBeVisible();
    expect(await serious()).toEqual([]);
    await manual.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') }).getByRole('button', { name: 'Discard' }).click();
    const file = await openPanel(page, testInfo, event, 'file');
    await file.getByTestId('sales-file-input').setInputFiles({ name: 'broken.xlsx', mimeType: XLSX, buffer: Buffer.from('x') });
    await expect(file.getByTestId('sales-file-error')).not.toHaveText('');
    expect(await serious()).toEqual([]);
  });
});

// Unsaved sales input is never lost silently (issue 5): every way out of the sales panel asks the
// same question as its Cancel button once something was entered: in the drawer its close button,
// Escape and a click outside; on the phone route the top bar's back button. Each test works on an
// upcoming event with sales of its own (fixtures.ts salesEvent).
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { enText, signIn, waitForHydrated, waitForIslands } from './helpers';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const confirmOf = (page: Page) => page.getByRole('dialog', { name: enText('event.salesEdit.discard.title') });

/** Answers the question with Keep editing, checking the entered value is still there. */
async function keep(page: Page, tickets: ReturnType<Page['getByLabel']>) {
  const confirm = confirmOf(page);
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: enText('event.salesEdit.discard.keep') }).click();
  await expect(confirm).toHaveCount(0);
  await expect(tickets).toHaveValue('4');
}

test.describe('unsaved sales input', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'admin');
  });

  test.describe('in the drawer', () => {
    test.skip(({ isMobile }) => isMobile, 'the drawer is the wide-screen view');

    test('drawer: close, Escape and a click outside ask first; Discard closes', async ({ page, salesEvent: event }) => {
      await page.goto(`/events/?drawer-open=true&event-id=${event.id}&update-sales=SALESSUMMARY`);
      await waitForIslands(page);
      const panel = page.getByTestId('sales-panel');
      const tickets = panel.getByLabel('Number of tickets');
      await expect(tickets).toBeVisible();
      await waitForHydrated(tickets);

      // Nothing entered: Escape just closes.
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(page).not.toHaveURL(/drawer-open/);

      await page.goto(`/events/?drawer-open=true&event-id=${event.id}&update-sales=SALESSUMMARY`);
      await waitForIslands(page);
      await waitForHydrated(tickets);
      await tickets.fill('4');

      await tickets.press('Escape');
      await keep(page, tickets);
      await page.getByRole('button', { name: enText('events.list.closeDrawer') }).click();
      await keep(page, tickets);
      await page.mouse.click(40, 450); // the list behind the drawer's overlay
      await keep(page, tickets);

      await page.getByRole('button', { name: enText('events.list.closeDrawer') }).click();
      await confirmOf(page).getByRole('button', { name: enText('event.salesEdit.discard.confirm') }).click();
      await expect(panel).toHaveCount(0);
      await expect(page).not.toHaveURL(/drawer-open/);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });

    test('drawer: a chosen file counts as unsaved input too', async ({ page, salesEvent: event }) => {
      await page.goto(`/events/?drawer-open=true&event-id=${event.id}&update-sales=DOCUMENTUPLOAD`);
      await waitForIslands(page);
      const panel = page.getByTestId('sales-panel');
      await waitForHydrated(panel.getByRole('button', { name: 'Cancel' }));
      await panel.getByTestId('sales-file-input').setInputFiles({ name: 'sales.xlsx', mimeType: XLSX, buffer: Buffer.from('x') });
      // The dropzone reads the chosen file asynchronously; a user presses Escape once it shows.
      await expect(panel.getByTestId('sales-file')).toContainText('sales.xlsx');
      await page.keyboard.press('Escape');
      await expect(confirmOf(page)).toContainText(enText('event.salesEdit.discard.documentUpload'));
      await confirmOf(page).getByRole('button', { name: enText('event.salesEdit.discard.confirm') }).click();
      await expect(panel).toHaveCount(0);
      await expect(page).not.toHaveURL(/drawer-open/);
    });
  });

  test.describe('on the phone route', () => {
    test.skip(({ isMobile }) => !isMobile, 'the phone route');

    test('phone: the top bar’s back button asks like Cancel; Discard leaves', async ({ page, salesEvent: event }) => {
      await page.goto(`/events/${event.id}/update-sales/sales_summary`);
      await waitForIslands(page);
      const panel = page.getByTestId('sales-panel');
      const tickets = panel.getByLabel('Number of tickets');
      // The form loads lazily: its server HTML shows before it can take input.
      await waitForHydrated(tickets);
      await tickets.fill('4');

      await page.getByRole('banner').getByRole('button', { name: enText('shell.back'), exact: true }).click();
      await keep(page, tickets);
      await expect(page).toHaveURL(new RegExp(`/update-sales/sales_summary$`));
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await keep(page, tickets);

      await page.getByRole('banner').getByRole('button', { name: enText('shell.back'), exact: true }).click();
      await confirmOf(page).getByRole('button', { name: enText('event.salesEdit.discard.confirm') }).click();
      // The bar's back goes where it always goes (history, or home after a direct visit): away from the form.
      await expect(page).not.toHaveURL(/update-sales/);
    });
  });
});

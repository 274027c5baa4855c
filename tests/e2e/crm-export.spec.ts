// Issue 23 main flow "integration → CRM export", one journey per size, only through the interface
// from the demo's state: the admin adds a HubSpot integration in Settings › System (the add dialog
// refuses an empty key and a Mailchimp key without its audience id next to the fields), sees only
// the key's preview and the Sandbox badge, asks Sentinel for customers, exports the answer through
// Export results › External CRM to the sandbox CRM (the name is limited to 80 characters, Send is
// off while it is empty), reads the 'progress' toast with the service name and the outcome toast,
// and deletes the integration again (confirmed; focus goes back to the page). Desktop works in
// German, the phone in English; each size adds and picks its own integration by name, so the two
// projects running at once never touch each other's. Every screen: no horizontal overflow, axe clean.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { ApiSession } from './api';
import { expect, test as base } from './fixtures';
import { isPhone, openNavigation, signIn, waitForIslands } from './helpers';
import { expectCleanScreen } from './screen-checks';
import de from '../../public/locales/de/common.json' with { type: 'json' };
import en from '../../public/locales/en/common.json' with { type: 'json' };

const ANSWER_TIMEOUT = 90_000;
const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/crm-export-${name}-${testInfo.project.name}.png` });
}
const TOKEN = 'pat-na1-0e2e0e2e-1111-4222-8333-944444444444';

/** The integration this journey adds; removed through the API afterwards only if the journey did not. */
const test = base.extend<{ integrationName: string }>({
  integrationName: async ({}, use, testInfo) => {
    const name = `E2E ${testInfo.project.name} ${randomBytes(3).toString('hex')}`;
    await use(name);
    const api = await ApiSession.open('admin');
    try {
      const list = await api.json<{ id: string; name: string }[]>('GET', '/api/v3/secrets');
      for (const s of list.filter((x) => x.name === name)) await api.call('DELETE', `/api/v3/secrets/${s.id}`);
    } finally {
      await api.dispose();
    }
  },
});

const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k]));

async function openSettingsSystem(page: Page, L: typeof en, testInfo: Parameters<typeof isPhone>[0]) {
  const nav = await openNavigation(page, testInfo, { open: L.shell.openMenu, nav: L.shell.mainNavigation, sheet: L.shell.menuTitle });
  await nav.getByRole('link', { name: L.shell.settings, exact: true }).click();
  await expect(page).toHaveURL(/\/settings/);
  await waitForIslands(page);
  await page.getByRole('tab', { name: L.settings.tabs.system }).click();
  await expect(page).toHaveURL(/#system$/);
  const card = page.getByTestId('integrations');
  await expect(card.getByRole('heading', { name: L.settings.system.integrations.heading })).toBeVisible();
  await expect(card.getByText(L.settings.system.integrations.loading)).toHaveCount(0);
  return card;
}

test.describe('Integration → Sentinel export to the CRM sandbox (main flow)', () => {
  test.describe.configure({ timeout: 300_000 });

  test('adds a HubSpot integration, exports a customer answer to the sandbox CRM and deletes the integration', async ({ page, integrationName }, testInfo) => {
    const phone = isPhone(testInfo);
    const lng = phone ? 'en' : 'de';
    const L = (phone ? en : de) as typeof en;
    const I = L.settings.system.integrations;
    const C = L.crm.export;
    await signIn(page, 'admin', { language: lng });

    // Settings › System › Integrations.
    let card = await openSettingsSystem(page, L, testInfo);
    await expect(card.getByTestId('sandbox-badge')).toBeVisible();
    // The badge's explanation is text on the screen, not only a hover title (fresh-eyes).
    await expect(card.getByTestId('integrations-sandbox-hint')).toBeVisible();
    await expectCleanScreen(page, 'settings integrations');

    // Add: the dialog names what is missing next to each field.
    const add = card.getByRole('button', { name: I.add });
    await add.click();
    const dialog = page.getByRole('dialog', { name: I.addTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: I.save, exact: true }).click();
    await expect(dialog.getByText(I.errors.service.required)).toBeVisible();
    await expect(dialog.getByLabel(I.service)).toBeFocused();
    await dialog.getByLabel(I.service).selectOption({ label: 'Mailchimp' });
    await dialog.getByLabel(I.secret, { exact: true }).fill('0123456789abcdef0123456789abcdef-us21');
    await dialog.getByRole('button', { name: I.save, exact: true }).click();
    await expect(dialog.getByText(I.errors.tenantRef.required)).toBeVisible();
    await expect(dialog.getByLabel(I.tenantRef.mailchimp)).toHaveAttribute('aria-invalid', 'true');
    await shot(page, testInfo, 'add-dialog-errors');
    await expectCleanScreen(page, 'add integration dialog with errors', { include: '[role="dialog"]' });
    // HubSpot needs no tenant reference: the field goes away.
    await dialog.getByLabel(I.service).selectOption({ label: 'HubSpot' });
    await expect(dialog.getByLabel(I.tenantRef.mailchimp)).toHaveCount(0);
    await dialog.getByLabel(I.name, { exact: true }).fill(integrationName);
    await dialog.getByLabel(I.secret, { exact: true }).fill(TOKEN);
    await dialog.getByRole('button', { name: I.save, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(add).toBeFocused();
    await expect(page.getByText(fill(I.added, { name: integrationName }), { exact: true })).toBeVisible();
    const row = card.getByTestId('integration-row').filter({ hasText: integrationName });
    await expect(row).toContainText('HubSpot');
    await expect(row).toContainText('••••4444');
    await expect(page.locator('body')).not.toContainText(TOKEN);
    await shot(page, testInfo, 'integration-added');
    await expectCleanScreen(page, 'integration added');

    // Sentinel: customers of Köln, exported through Export results › External CRM.
    const nav = await openNavigation(page, testInfo, { open: L.shell.openMenu, nav: L.shell.mainNavigation, sheet: L.shell.menuTitle });
    await nav.getByRole('link', { name: L.nav.sentinel, exact: true }).click();
    await expect(page).toHaveURL(/\/sentinel\/?$/);
    await waitForIslands(page);
    const S = L.sentinel;
    await page.getByLabel(S.question.label).fill(phone ? 'customers from Köln' : 'Kunden aus Köln, die mindestens ein Ticket gekauft haben');
    await page.getByRole('radio', { name: S.question.outcomes.customers, exact: true }).check();
    await page.getByRole('button', { name: S.question.ask, exact: true }).click();
    await expect(page.getByTestId('sentinel-summary')).toBeVisible({ timeout: ANSWER_TIMEOUT });
    await expect(page.getByTestId('sentinel-loading')).toHaveCount(0, { timeout: ANSWER_TIMEOUT });
    const customers = Number(((await page.getByTestId('sentinel-count').textContent()) ?? '').replace(/[^\d]/g, ''));
    expect(customers).toBeGreaterThan(0);

    const bar = page.getByTestId(phone ? 'sentinel-topbar-mobile' : 'sentinel-topbar-desktop');
    const exportButton = bar.getByTestId('sentinel-export');
    await exportButton.click();
    await page.getByRole('menuitem', { name: S.exportCrm }).click();
    const exportDialog = page.getByRole('dialog', { name: C.title });
    await expect(exportDialog).toBeVisible();
    await exportDialog.getByRole('radio', { name: new RegExp(`^${integrationName}`) }).check();
    await expect(exportDialog.getByTestId('sandbox-badge').first()).toBeVisible();
    await expect(exportDialog.getByTestId('crm-export-sandbox-hint')).toBeVisible();
    // The count that will be sent (opt-outs and customers without an email left out), in the language's digits.
    await expect(exportDialog.getByTestId('crm-export-contacts')).toHaveText(/\d/);
    const nameField = exportDialog.getByLabel(C.name, { exact: true });
    // spec 3 §5: the default name is 'Sentinel_' and the answer's date; empty disables Send; 80 characters at most.
    await expect(nameField).toHaveValue(/^Sentinel_\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    const send = exportDialog.getByRole('button', { name: C.send, exact: true });
    await nameField.fill('');
    await expect(send).toBeDisabled();
    await nameField.fill('x'.repeat(81));
    await expect(exportDialog.getByText(fill(C.nameTooLong, { max: 80 }))).toBeVisible();
    await expect(send).toBeDisabled();
    const listName = `Köln ${testInfo.project.name}`;
    await nameField.fill(listName);
    await expect(send).toBeEnabled();
    await shot(page, testInfo, 'export-dialog');
    await expectCleanScreen(page, 'CRM export dialog', { include: '[role="dialog"]' });
    await send.click();
    await expect(exportDialog).toHaveCount(0);
    await expect(exportButton).toBeFocused();
    // The 'progress' toast names the service; the outcome follows when the task is done.
    await expect(page.getByText(fill(C.progress, { service: 'HubSpot' }), { exact: true })).toBeVisible();
    if (testInfo.project.name === 'desktop') {
      // The toast sits beside the sidebar, not over its account block (fresh-eyes).
      const sidebar = (await page.locator('#encore-sidebar').boundingBox())!;
      const toast = (await page.getByText(fill(C.progress, { service: 'HubSpot' }), { exact: true }).boundingBox())!;
      expect(toast.x).toBeGreaterThanOrEqual(sidebar.x + sidebar.width);
    }
    await expect(page.getByText(fill(C.done, { service: 'HubSpot' }), { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText(new RegExp(`${listName} \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}`)).first()).toBeVisible();
    await shot(page, testInfo, 'export-done');
    await expectCleanScreen(page, 'export sent');

    // Back in the settings: delete the integration (confirmed).
    card = await openSettingsSystem(page, L, testInfo);
    const again = card.getByTestId('integration-row').filter({ hasText: integrationName });
    await again.getByRole('button', { name: fill(I.deleteFor, { name: integrationName }) }).click();
    const confirm = page.getByRole('dialog', { name: fill(I.deleteTitle, { name: integrationName }) });
    await expect(confirm).toBeVisible();
    await expectCleanScreen(page, 'delete confirmation', { include: '[role="dialog"]' });
    await confirm.getByRole('button', { name: I.confirmDelete }).click();
    await expect(confirm).toHaveCount(0);
    await expect(card.getByTestId('integration-row').filter({ hasText: integrationName })).toHaveCount(0);
    await expect(page.getByText(fill(I.deleted, { name: integrationName }), { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: I.add })).toBeFocused();
    await expectCleanScreen(page, 'integration deleted');
  });
});

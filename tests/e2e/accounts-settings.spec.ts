// Settings (spec 1 §2.5): tabs by hash, personal details saved with a toast, MFA status and the
// sessions list with the current one marked.
import { expect, test } from '@playwright/test';
import { hydrated, signIn } from './auth-helpers';

const userFor = (project: string) => (project === 'phone' ? 'prisma@encore.demo' : 'admin@encore.demo');

test('personal tab saves the names; tabs follow the hash; sessions list marks this device', async ({ page }, info) => {
  test.setTimeout(90_000);
  await signIn(page, userFor(info.project.name));
  await page.goto('/settings');
  await hydrated(page);
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Personal|Persönlich/);
  const given = page.locator('#settings-given-name');
  const original = await given.inputValue();
  await given.fill(`${original}x`);
  await page.getByRole('button', { name: /Save changes|Änderungen speichern/ }).click();
  await expect(page.getByText(/Settings saved|Einstellungen gespeichert/).first()).toBeVisible();
  await page.getByRole('button', { name: /Dismiss|Schließen/ }).first().click();
  await given.fill(original);
  await page.getByRole('button', { name: /Save changes|Änderungen speichern/ }).click();

  await page.getByRole('tab', { name: /System/ }).click();
  await expect(page).toHaveURL(/#system$/);
  await expect(page.getByTestId('mfa-app-status')).toHaveText(/Active|Aktiv/);
  await expect(page.getByTestId('session-row').filter({ hasText: /This device|Dieses Gerät/ })).toHaveCount(1);

  await page.goBack();
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Personal|Persönlich/);
  await page.goto('/settings#notifications');
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Notifications|Benachrichtigungen/);
});

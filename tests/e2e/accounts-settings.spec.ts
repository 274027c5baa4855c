// Settings (spec 1 §2.5): tabs by hash, personal details saved with a toast, MFA status and the
// sessions list with the current one marked.
//
// Saving a name changes a shared demo user, so the journey changes the one name no other journey
// reads: the prisma user's family name (others greet her by the given name, and the account-menu
// names they check are other users'). Both projects change it, so they take turns (withLock), and
// the fixture puts the name back through the API whatever happens to the test.
import { ApiSession } from './api';
import { expect, test as base, withLock } from './fixtures';
import { USERS, signIn } from './helpers';

interface Names {
  given_name: string;
  family_name: string;
}

const test = base.extend<{ prismaNames: Names }>({
  prismaNames: async ({}, use) => {
    await withLock('prisma-profile', async () => {
      const api = await ApiSession.open('prisma');
      try {
        const before = await api.json<Names>('GET', '/api/v3/profile');
        // The seed's name: a previous journey that failed to restore would show up here.
        expect(`${before.given_name} ${before.family_name}`).toBe(USERS.prisma.name);
        try {
          await use(before);
        } finally {
          await api.json('PUT', '/api/v3/profile', { given_name: before.given_name, family_name: before.family_name });
        }
      } finally {
        await api.dispose();
      }
    });
  },
});

test('personal tab saves the names; tabs follow the hash; sessions list marks this device', async ({ page, prismaNames }, info) => {
  test.setTimeout(90_000);
  await signIn(page, 'prisma');
  await page.goto('/settings');
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Personal|Persönlich/);
  const family = page.locator('#settings-family-name');
  // The field holds the server's value once the form has hydrated: only then is it the original.
  await expect(family).toHaveValue(prismaNames.family_name);
  const changed = `${prismaNames.family_name}-${info.project.name}`;
  await family.fill(changed);
  await page.getByRole('button', { name: /Save changes|Änderungen speichern/ }).click();
  await expect(page.getByText(/Settings saved|Einstellungen gespeichert/).first()).toBeVisible();
  expect((await (await page.request.get('/api/v3/profile')).json()).family_name).toBe(changed);
  await page.getByRole('button', { name: /Dismiss|Schließen/ }).first().click();

  // Back to the original through the form as well (the fixture would, too).
  await family.fill(prismaNames.family_name);
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/v3/profile') && r.request().method() === 'PUT');
  await page.getByRole('button', { name: /Save changes|Änderungen speichern/ }).click();
  expect((await saved).status()).toBe(200);
  expect((await (await page.request.get('/api/v3/profile')).json()).family_name).toBe(prismaNames.family_name);

  await page.getByRole('tab', { name: /System/ }).click();
  await expect(page).toHaveURL(/#system$/);
  await expect(page.getByTestId('mfa-app-status')).toHaveText(/Active|Aktiv/);
  await expect(page.getByTestId('session-row').filter({ hasText: /This device|Dieses Gerät/ })).toHaveCount(1);

  await page.goBack();
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Personal|Persönlich/);
  await page.goto('/settings#notifications');
  await expect(page.getByRole('tab', { selected: true })).toHaveText(/Notifications|Benachrichtigungen/);
});

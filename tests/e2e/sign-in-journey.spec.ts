// The sign-in main flow (issue 20 §4 and "How the main flows are tested"), one journey per size,
// only through the interface from the demo's state: a signed-out deep link to /settings#meta, the
// login form, the authenticator code (the demo secret, as a user's app computes it), and landing on
// the Meta section; the countdown shows the sign-in's end, not the 15-minute token; after signing
// out the login page speaks the user's profile language (German for the admin). Every screen: no
// horizontal overflow, axe zero serious/critical.
import { expect, test, withLock } from './fixtures';
import { completeTotp, DEMO_PASSWORD } from './auth-helpers';
import { openAccountMenu, USERS, waitForIslands } from './helpers';
import { expectCleanScreen } from './screen-checks';

const admin = USERS.admin;

test('a signed-out deep link to /settings#meta leads through password and code to the Meta section, and the login page is German after signing out', async ({ page }, info) => {
  // the other size may hold the lock for a whole sign-in first
  test.setTimeout(300_000);
  // Both sizes sign in the same user with a code of the same 30-second step: they take turns.
  await withLock('sign-in-journey-admin', async () => {
    // A browser that never signed in: no language chosen, no remembered device.
    await page.goto('/settings#meta');
    await expect(page).toHaveURL(/\/login\?next=%2Fsettings#meta$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Encore');
    await waitForIslands(page);
    await expectCleanScreen(page, 'login');

    await page.getByLabel('Email', { exact: true }).fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page).toHaveURL(/\/mfa$/);
    await expect(page.locator('#mfa-code')).toBeFocused();
    await expectCleanScreen(page, 'code step');
    await completeTotp(page, admin.email, { remember: false });

    // The splash, then the deep link with its fragment: the Meta tab of the settings, in view.
    await page.waitForURL((url) => url.pathname === '/settings', { timeout: 20_000 });
    expect(new URL(page.url()).hash).toBe('#meta');
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Einstellungen');
    await expect(page.getByRole('tab', { name: 'Meta' })).toHaveAttribute('aria-selected', 'true');
    const panel = page.locator('#settings-panel-meta');
    await expect(panel).toBeVisible();
    await expect(panel).toBeInViewport();
    await expectCleanScreen(page, 'settings #meta');

    // The countdown runs to the sign-in's end (12 h), not to the 15-minute access token.
    // (in the sidebar on desktop, in the account menu on phones)
    const timer = info.project.name === 'phone' ? (await openAccountMenu(page, 'admin', 'de')).getByTestId('session-timer') : page.getByTestId('session-timer').first();
    await expect(timer).toContainText(/Sitzung endet in \d{1,2}:\d\d:\d\d/);
    const [h] = ((await timer.locator('time').textContent()) ?? '').split(':').map(Number);
    expect(h).toBeGreaterThanOrEqual(11);

    // Signing out: the login page keeps the profile language of the user who just left.
    if (info.project.name !== 'phone') await openAccountMenu(page, 'admin', 'de');
    await page.getByRole('menuitem', { name: 'Abmelden' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Encore anmelden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expectCleanScreen(page, 'login after signing out');
  });
});

// spec 1 §2.3, §6: the signed-in chrome. Desktop: collapsible sidebar; phone: top bar and a
// slide-out menu. Menu entries follow the user's permissions.
import { expect, test } from './fixtures';
import { isPhone, moduleLinks, openAccountMenu, openNavigation, signIn, waitForIslands } from './helpers';

const ADMIN_MODULES = ['Dashboard', 'Demand prediction', 'Campaigns', 'Add events', 'Package builder', 'Sentinel'];

test.describe('shell', () => {
  test('the admin sees every module in the menu, plus upload, notifications, support, settings and logout', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);

    await expect(moduleLinks(nav)).toHaveText(ADMIN_MODULES);
    await expect(nav.getByRole('button', { name: 'Upload files' })).toBeVisible();
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toHaveAttribute('href', '/notifications');
    await expect(nav.getByRole('link', { name: /^Help & support/ })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the analyst sees only the events module and neither campaigns nor settings', async ({ page }, testInfo) => {
    await signIn(page, 'analyst');
    const nav = await openNavigation(page, testInfo);

    await expect(moduleLinks(nav)).toHaveText(['Demand prediction']);
    await expect(nav.getByRole('link', { name: 'Campaigns' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    // Items without a permission of their own stay.
    await expect(nav.getByRole('link', { name: /^Notifications/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the current page is marked in the menu', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await page.goto('/add-multi-events');
    const nav = await openNavigation(page, testInfo);
    // /add-multi-events belongs to the 'Add events' entry (same title).
    await expect(nav.getByRole('link', { name: 'Add events' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  });

  test('the notifications item carries the unread badge', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    // The seed gives the admin 7 unread notifications at Konzerthaus Rheinland; journeys running
    // alongside (sales uploads, file uploads) add more, so the badge is held to the server's count.
    const unread = async () => ((await (await page.request.get('/api/v3/messages/totalunread')).json()) as { total_unread: number }).total_unread;
    expect(await unread()).toBeGreaterThanOrEqual(7);
    const item = nav.getByRole('link', { name: /^Notifications/ });
    // The badge polls every 10 s: within that it shows what the server counts.
    await expect(async () => {
      const count = await unread();
      await expect(item).toHaveAccessibleName(new RegExp(`Notifications\\s*, ${count} unread`), { timeout: 1000 });
      await expect(item.getByText(String(count), { exact: true })).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
  });

  test('the upload item opens a modal dialog that Escape closes', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('button', { name: 'Upload files' }).click();

    const dialog = page.getByRole('dialog', { name: 'Upload files' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Share ticketing exports');
    // The uploader itself is in the modal (loaded when it first opens).
    await expect(dialog.getByRole('button', { name: 'Choose files' })).toBeVisible();
    // Modal: focus is inside the dialog.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    // On phones the menu sheet gave way to the dialog.
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/');
  });

  test('the account menu opens with the language choice and logout', async ({ page }) => {
    await signIn(page, 'admin');
    const menu = await openAccountMenu(page, 'admin');
    await expect(menu).toContainText('admin@encore.demo');
    await expect(menu).toContainText('Partner: Konzerthaus Rheinland');
    await expect(menu.getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await expect(menu.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveAttribute('aria-checked', 'false');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    // A single-partner user has no partner switch.
    await expect(menu.getByText('Switch partner')).toHaveCount(0);

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('the support link leads to the help pages of the current language', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    let nav = await openNavigation(page, testInfo);
    const english = nav.getByRole('link', { name: /^Help & support/ });
    await expect(english).toHaveAttribute('href', 'https://support.encore.example/en');
    await expect(english).toHaveAttribute('target', '_blank');

    await page.context().clearCookies({ name: 'i18nextLng' });
    await page.reload(); // no stored choice: the admin's profile language (de) applies
    nav = await openNavigation(page, testInfo, { open: 'Menü öffnen', nav: 'Hauptnavigation', sheet: 'Menü' });
    await expect(nav.getByRole('link', { name: /^Hilfe & Support/ })).toHaveAttribute('href', 'https://support.encore.example/de');
  });
});

test.describe('shell on desktop', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(isPhone(testInfo), 'the sidebar is the desktop layout');
  });

  test('the sidebar shows and the phone top bar does not', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });

  test('the collapse toggle collapses the sidebar and the choice survives a reload', async ({ page }) => {
    await signIn(page, 'admin');
    const sidebar = page.getByRole('banner');
    const widthOf = async () => (await sidebar.boundingBox())?.width ?? 0;
    const expandedWidth = await widthOf();
    expect(expandedWidth).toBeGreaterThan(200);

    const toggle = page.getByRole('button', { name: 'Collapse sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();

    const expand = page.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(widthOf).toBeLessThan(100);
    // Labels are hidden visually but the items keep their names.
    await expect(sidebar.getByRole('link', { name: 'Demand prediction' })).toBeVisible();
    await expect(sidebar.getByText('Demand prediction', { exact: true })).toHaveClass(/visually-hidden/);

    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(widthOf).toBeLessThan(100);

    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(widthOf).toBeGreaterThan(200);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toBeVisible();
    await expect.poll(widthOf).toBeGreaterThan(200);
  });
});

test.describe('shell on phones', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(!isPhone(testInfo), 'the top bar and the menu sheet are the phone layout');
  });

  test('the top bar shows the page title, a back button away from home, and no sidebar', async ({ page }) => {
    await signIn(page, 'admin');
    const bar = page.getByRole('banner');
    await expect(bar.getByText('Dashboard', { exact: true })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Back' })).toHaveCount(0); // at home
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await page.goto('/events');
    await expect(bar.getByText('Demand prediction', { exact: true })).toBeVisible();
    await waitForIslands(page);
    await bar.getByRole('button', { name: 'Back' }).click();
    await expect(page).toHaveURL('/');
  });

  test('the slide-out menu lists the permitted items and navigates', async ({ page }, testInfo) => {
    await signIn(page, 'analyst');
    const nav = await openNavigation(page, testInfo);
    await expect(moduleLinks(nav)).toHaveText(['Demand prediction']);

    await nav.getByRole('link', { name: /^Notifications/ }).click();
    await expect(page).toHaveURL('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notifications');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Notifications', { exact: true })).toBeVisible();
  });

  test('the menu sheet closes with its close button and with Escape', async ({ page }, testInfo) => {
    await signIn(page, 'analyst');
    await openNavigation(page, testInfo);
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('button', { name: 'Close menu' }).click();
    await expect(sheet).toBeHidden();

    await openNavigation(page, testInfo);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });
});

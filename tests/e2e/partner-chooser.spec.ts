// spec 1 §2.4, §6: users of several partners choose one after signing in; a prisma partner
// switches the interface to its alternate wording ('Shows' instead of 'Events').
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { USERS, isPhone, moduleLinks, openAccountMenu, openNavigation, rememberLanguage, signIn, submitLogin } from './helpers';

/** The chooser lists the partners as buttons, sorted by name. */
async function expectPartnersSortedByName(page: Page) {
  const list = page.getByRole('main').getByRole('list');
  await expect(list.getByRole('button')).toHaveCount(2);
  await expect(list).toMatchAriaSnapshot(`
    - list:
      - listitem:
        - button "Harbour Lights Promotions"
      - listitem:
        - button "Konzerthaus Rheinland"
  `);
}

test.describe('partner chooser', () => {
  test('a multi-partner user chooses from partners sorted by name and then sees that partner’s wording', async ({ page }, testInfo) => {
    await rememberLanguage(page.context(), 'en');
    await page.goto('/login');
    await submitLogin(page, USERS.multi.email);

    await expect(page.getByRole('heading', { name: 'Choose a partner' })).toBeVisible();
    await expectPartnersSortedByName(page);
    await expect(page).toHaveURL(/\/login/); // no partner yet, so no signed-in page

    await page.getByRole('button', { name: 'Harbour Lights Promotions' }).click();
    await expect(page).toHaveURL('/', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Mira');
    await expect(page.getByText('Here is what is happening with your shows at Harbour Lights Promotions.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Upcoming important shows' })).toBeVisible();

    const nav = await openNavigation(page, testInfo);
    await expect(moduleLinks(nav)).toHaveText(['Dashboard', 'Shows', 'Audience campaigns']);
  });

  test('the partner is switched from the account menu', async ({ page }, testInfo) => {
    await signIn(page, 'multi', { partner: 'Harbour Lights Promotions' });
    await expect(page.getByText('Here is what is happening with your shows at Harbour Lights Promotions.')).toBeVisible();

    const menu = await openAccountMenu(page, 'multi');
    await expect(menu.getByText('Switch partner')).toBeVisible();
    await expect(menu.getByRole('menuitemradio', { name: 'Harbour Lights Promotions' })).toHaveAttribute('aria-checked', 'true');
    await menu.getByRole('menuitemradio', { name: 'Konzerthaus Rheinland' }).click();

    await expect(page.getByText('Here is what is happening with your events at Konzerthaus Rheinland.')).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL('/');
    const nav = await openNavigation(page, testInfo);
    // At Konzerthaus Rheinland the user holds dashboard, lookout, sales and settings.
    await expect(moduleLinks(nav)).toHaveText(['Dashboard', 'Demand prediction']);
    if (isPhone(testInfo)) await page.keyboard.press('Escape');

    await expect((await openAccountMenu(page, 'multi')).getByRole('menuitemradio', { name: 'Konzerthaus Rheinland' })).toHaveAttribute('aria-checked', 'true');
  });

  test('a prisma partner’s user sees the prisma wording throughout', async ({ page }, testInfo) => {
    await signIn(page, 'prisma');
    await expect(page.getByText('Here is what is happening with your shows at Harbour Lights Promotions.')).toBeVisible();
    const nav = await openNavigation(page, testInfo);
    // The partner has no package-builder feature.
    await expect(moduleLinks(nav)).toHaveText(['Dashboard', 'Shows', 'Audience campaigns']);

    await page.goto('/events');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shows');
    await expect(page).toHaveTitle('Shows - Encore');
    await expect(page.getByRole('list', { name: 'Shows' })).toBeVisible();

    await page.goto('/404?reason=EVENT404');
    await expect(page.getByText('This show could not be found.', { exact: false })).toBeVisible();
  });

  test('a full-service partner’s user keeps the standard wording', async ({ page }) => {
    await signIn(page, 'analyst');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
    await expect(page.getByText('How your events sell compared with similar events, and what to expect by the start.')).toBeVisible();
  });

  test('“Sign in with another account” leaves the chooser for the login form', async ({ page }) => {
    await rememberLanguage(page.context(), 'en');
    await page.goto('/login');
    await submitLogin(page, USERS.multi.email);
    await page.getByRole('button', { name: 'Sign in with another account' }).click();

    await expect(page.getByRole('heading', { name: 'Sign in to Encore' })).toBeVisible();
    await page.goto('/events');
    await expect(page).toHaveURL('/login?next=%2Fevents');
  });
});

test.describe('partner chooser without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server renders the chooser and the chosen partner’s session', async ({ page }) => {
    await rememberLanguage(page.context(), 'en');
    await page.goto('/login');
    await submitLogin(page, USERS.multi.email);

    await expect(page).toHaveTitle('Choose a partner - Encore');
    await expectPartnersSortedByName(page);
    await page.getByRole('button', { name: 'Konzerthaus Rheinland' }).click();

    await expect(page).toHaveURL('/', { timeout: 10_000 });
    await expect(page.getByText('Here is what is happening with your events at Konzerthaus Rheinland.')).toBeVisible();
  });
});

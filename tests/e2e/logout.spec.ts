// spec 1 §4.1: logout ends the session, clears the listed local keys and shows /login.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { USERS, isPhone, openAccountMenu, openNavigation, rememberLanguage, signIn, submitLogin } from './helpers';

const LOGOUT_KEYS = ['reduxState', 'clientId', 'partnerDetails', 'attributionModel', 'userCurrency', 'i18nextLng', 'locale'];
const KEPT_KEY = 'encore.sidebarCollapsed';

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === 'encore_session');
}

async function expectSignedOut(page: Page) {
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Encore');
  expect(await sessionCookie(page)).toBeUndefined();
  await page.goto('/');
  await expect(page).toHaveURL('/login');
  await page.goto('/events');
  await expect(page).toHaveURL('/login?next=%2Fevents');
}

test.describe('logout', () => {
  test('logout from the account menu returns to /login and clears the local keys', async ({ page }) => {
    await signIn(page, 'admin');
    await page.evaluate(
      ([keys, kept]) => {
        for (const key of keys) localStorage.setItem(key, `value of ${key}`);
        localStorage.setItem(kept, '0');
      },
      [LOGOUT_KEYS, KEPT_KEY] as const,
    );
    const before = await sessionCookie(page);
    expect(before).toBeDefined();

    await (await openAccountMenu(page, 'admin')).getByRole('menuitem', { name: 'Log out' }).click();

    await expect(page).toHaveURL('/login');
    const stored = await page.evaluate(([keys, kept]) => ({ cleared: keys.map((k) => localStorage.getItem(k)), kept: localStorage.getItem(kept) }), [
      LOGOUT_KEYS,
      KEPT_KEY,
    ] as const);
    expect(stored.cleared).toEqual(LOGOUT_KEYS.map(() => null));
    expect(stored.kept).toBe('0'); // only the listed keys go

    await expectSignedOut(page);

    // The server ended the session too: its old cookie no longer signs anyone in.
    await page.context().addCookies([before!]);
    await page.goto('/');
    await expect(page).toHaveURL('/login');
  });

  test('logout from the menu (sidebar on desktop, slide-out menu on phones) returns to /login, ready for another user', async ({ page }, testInfo) => {
    await signIn(page, 'analyst');
    const nav = await openNavigation(page, testInfo);
    await nav.getByRole('button', { name: 'Log out' }).click();
    await expectSignedOut(page); // ends on /login?next=%2Fevents

    await submitLogin(page, USERS.prisma.email);
    await expect(page).toHaveURL('/events', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shows');
  });
});

test.describe('logout without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the sidebar logout posts a form and ends the session', async ({ page }, testInfo) => {
    test.skip(isPhone(testInfo), 'the phone menu sheet needs JavaScript; the sidebar form does not');
    await rememberLanguage(page.context(), 'en');
    await page.goto('/login');
    await submitLogin(page, USERS.analyst.email);
    await expect(page).toHaveURL('/events', { timeout: 10_000 });

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Log out' }).click();
    await expectSignedOut(page);
  });
});

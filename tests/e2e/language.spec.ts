// spec 1 §1, §4.1: the interface language is switchable (en, de) on the login page and in the
// account menu, and remembered in the browser (cookie i18nextLng) across reloads and sign-ins.
import { ApiSession } from './api';
import { expect, test as base, withLock } from './fixtures';
import { PASSWORD, USERS, languageCookie, openAccountMenu, signIn, submitLogin } from './helpers';

/**
 * The analyst's profile language, put back through the API after the test whatever happened (the
 * journey changes it). Other journeys store 'en' in their browser (see signIn), so they do not
 * depend on the profile. Both projects run this journey: they take turns (withLock).
 */
const test = base.extend<{ analystLanguage: string }>({
  analystLanguage: async ({}, use) => {
    await withLock('analyst-language', async () => {
      const api = await ApiSession.open('analyst');
      try {
        const { language } = await api.json<{ language: string }>('GET', '/api/v3/profile');
        expect(language, 'the seed’s language (a journey left it changed)').toBe(USERS.analyst.language);
        try {
          await use(language);
        } finally {
          await api.json('PUT', '/api/v3/profile', { language });
        }
      } finally {
        await api.dispose();
      }
    });
  },
});

test.describe('language', () => {
  test('German chosen on the login page stays across a reload and applies after signing in', async ({ page }) => {
    // The prisma user: nobody changes that profile's language (en), so German here comes from the choice.
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to Encore');

    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
    await expect(page).toHaveURL('/login'); // the ?lng= parameter is consumed
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Encore anmelden');
    await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden - Encore');
    expect(await languageCookie(page.context())).toBe('de');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Encore anmelden');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    await submitLogin(page, USERS.prisma.email, PASSWORD, 'de');
    await expect(page).toHaveURL('/', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hallo, Priya');
    await expect(page.getByText('Das passiert gerade bei den Shows von Harbour Lights Promotions.')).toBeVisible();
    // Even the (empty) toast region is named in German.
    await expect(page.getByRole('region', { name: 'Meldungen (F8)' })).toBeAttached();

    // Without the stored choice the profile language (en) is back.
    await page.context().clearCookies({ name: 'i18nextLng' });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Priya');
  });

  test.describe('in the account menu', () => {
    test('German chosen in the account menu changes the texts and is remembered across reload and a new sign-in', async ({ page, analystLanguage }) => {
      // Two sign-ins and a reload: 10–17 s alone, past 30 s once with the whole suite on 2 cores.
      test.slow();
      expect(analystLanguage).toBe('en');
      await signIn(page, 'analyst');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');

      await (await openAccountMenu(page, 'analyst')).getByRole('menuitemradio', { name: 'Deutsch' }).click();

      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachfrageprognose');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      await expect(page).toHaveTitle('Nachfrageprognose - Encore');
      expect(await languageCookie(page.context())).toBe('de');
      expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('de');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachfrageprognose');

      // Sign out and in again: the login page and the shell stay German.
      await (await openAccountMenu(page, 'analyst', 'de')).getByRole('menuitem', { name: 'Abmelden' }).click();
      await expect(page).toHaveURL('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bei Encore anmelden');
      await submitLogin(page, USERS.analyst.email, PASSWORD, 'de');
      await expect(page).toHaveURL('/events', { timeout: 10_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nachfrageprognose');

      // And back to English the same way.
      await (await openAccountMenu(page, 'analyst', 'de')).getByRole('menuitemradio', { name: 'English' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
      expect(await languageCookie(page.context())).toBe('en');
    });
  });
});

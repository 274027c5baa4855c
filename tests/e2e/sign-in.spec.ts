// spec 1 §2.4, §4.1: the login form, its splash, auto-submit links, and the no-JavaScript path.
import { expect, test } from './fixtures';
import { PASSWORD, USERS, presentRememberedDevice, rememberLanguage, signIn, submitLogin } from './helpers';

test.describe('sign-in', () => {
  test('the login form signs the admin in: splash first, then the dashboard greets her by given name', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in - Encore');
    await submitLogin(page, USERS.admin.email);

    const splash = page.getByRole('status');
    await expect(splash).toContainText('Signing you in…');
    await expect(page).toHaveURL(/\/login/); // the splash shows before the redirect

    await expect(page).toHaveURL('/', { timeout: 10_000 });
    // The admin's profile language is German and no other language was chosen in this browser.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hallo, Anna');
    await expect(page.getByText('Das passiert gerade bei den Veranstaltungen von Konzerthaus Rheinland.')).toBeVisible();
    await expect(page).toHaveTitle('Dashboard - Encore');
  });

  test('a wrong password shows the inline error and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, USERS.analyst.email, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(USERS.analyst.email);
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
    // Still signed out: a protected page sends back to the login form.
    await page.goto('/events');
    await expect(page).toHaveURL('/login?next=%2Fevents');
  });

  test('empty fields ask for the required fields instead of calling the server', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('?username=…&tp=… signs in without touching the form', async ({ page }) => {
    await rememberLanguage(page.context(), 'en');
    await presentRememberedDevice(page.context(), USERS.analyst.email);
    const query = new URLSearchParams({ username: USERS.analyst.email, tp: PASSWORD });
    await page.goto(`/login?${query}`);

    // The analyst has no dashboard: their first page is the events list.
    await expect(page).toHaveURL('/events', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
  });

  test('a signed-in user opening /login is sent to their start page', async ({ page }) => {
    await signIn(page, 'analyst');
    await expect(page).toHaveURL('/events');

    const response = await page.goto('/login');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/login$/);
    await expect(page).toHaveURL('/events');
    await expect(page.getByLabel('Password')).toHaveCount(0);
  });

  // Signed-in pages: guard.spec checks the title of every protected route.
  test("public page titles read '{title} - Encore'", async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in - Encore');
    await page.goto('/no-such-page');
    await expect(page).toHaveTitle('Page not found - Encore');
  });
});

test.describe('sign-in without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts, the splash refreshes by itself and the user lands signed in', async ({ page }) => {
    await page.goto('/login');
    // The splash leaves after 1.5 s; on a loaded machine that can pass before a locator looks, so the
    // POST's own answer is read instead of racing the refresh.
    const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/login');
    await submitLogin(page, USERS.admin.email);

    // The server answered the POST with the splash page, which leaves by <meta http-equiv=refresh>.
    const html = await (await answer).text();
    expect(html).toContain('Signing you in…');
    expect(html).toMatch(/role="status"/);
    expect(html).toMatch(/<meta http-equiv="refresh" content="1\.5;\s*url=\/"/);

    await expect(page).toHaveURL('/', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hallo, Anna');
  });

  test('a wrong password is rendered as the inline error by the server', async ({ page }) => {
    await page.goto('/login');
    await submitLogin(page, USERS.analyst.email, 'not-the-password');

    await expect(page.getByRole('alert')).toHaveText('Incorrect username or password.');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  });
});

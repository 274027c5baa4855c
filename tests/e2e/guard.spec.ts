// spec 1 §2.1, §2.2: the access guard in front of every route, and the not-found page.
import { expect, test } from './fixtures';
import { DEMO_EVENT_ID, USERS, enText, protectedPaths, rememberLanguage, signIn, submitLogin } from './helpers';

test.describe('access guard', () => {
  test('a signed-out visit of /events goes to /login and, after signing in, on to /events', async ({ page }) => {
    await rememberLanguage(page.context(), 'en');
    await page.goto('/events');
    await expect(page).toHaveURL('/login?next=%2Fevents');
    await expect(page.getByRole('heading', { name: 'Sign in to Encore' })).toBeVisible();

    await submitLogin(page, USERS.admin.email);
    // The admin's start page would be the dashboard: the next parameter wins.
    await expect(page).toHaveURL('/events', { timeout: 10_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
  });

  test('a signed-out visit keeps the query of the page asked for', async ({ page }) => {
    await page.goto('/notifications/7?tab=all');
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/notifications/7?tab=all')}`);
  });

  test('the analyst is sent to their start page (/events) from pages they may not open', async ({ page }) => {
    await signIn(page, 'analyst');
    for (const path of ['/campaigns', '/settings', '/simulation', '/sentinel', '/package-builder', '/']) {
      await page.goto(path);
      await expect(page, `${path} is not for the analyst`).toHaveURL('/events');
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Demand prediction');
  });

  test('the analyst may open the pages of their permissions and those without one', async ({ page }) => {
    await signIn(page, 'analyst');
    for (const path of [`/events/${DEMO_EVENT_ID}`, `/events/${DEMO_EVENT_ID}/update-sales/sales_summary`, '/notifications', '/fileUpload']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // Event pages hand over to the drawer on wide screens; the guard let them through either way.
      if (!path.startsWith('/events/')) await expect(page, path).toHaveURL(path);
    }
  });

  test('the admin can open every protected route, each with its heading', async ({ page }) => {
    test.slow(); // one page load per route of src/lib/routes.ts
    await signIn(page, 'admin');
    const routes = protectedPaths();
    expect(routes.length).toBeGreaterThan(15);
    for (const { path, titleKey, ownHeading } of routes) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      // The event pages carry the event's own heading (event-detail.spec.ts checks them).
      if (ownHeading) continue;
      await expect(page, path).toHaveURL(path);
      // The bulk upload shares the simulation's title (and menu entry) but says what it adds.
      const heading = path === '/' ? 'Hello, Anna' : path === '/add-multi-events' ? enText('bulkUpload.title') : enText(titleKey);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page, path).toHaveTitle(`${enText(titleKey)} - Encore`);
    }
  });
});

test.describe('not-found page', () => {
  test('an unknown path answers 404 with the not-found title and message', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('The page you are looking for does not exist or has been moved.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/');
  });

  test('a signed-in user sees the not-found page inside the shell, linking to their start page', async ({ page }) => {
    await signIn(page, 'analyst');
    const response = await page.goto('/events/1/unknown/deeper');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByRole('link', { name: 'Back to the start page' })).toHaveAttribute('href', '/events');
    await expect(page.getByRole('button', { name: 'Account menu for Jonas Analyst' })).toBeVisible();
  });

  test('/404?reason=EVENT404 explains that the event was not found', async ({ page }) => {
    const response = await page.goto('/404?reason=EVENT404');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page.getByText('This event could not be found. It may have been archived or belong to another partner.')).toBeVisible();
    await expect(page.getByText('The page you are looking for does not exist')).toHaveCount(0);
  });

  test('an unknown reason falls back to the general message', async ({ page }) => {
    await page.goto('/404?reason=NOPE');
    await expect(page.getByText('The page you are looking for does not exist or has been moved.')).toBeVisible();
  });
});

// Issue 24 §3, §4: the operator's probes answer without a session on the built server, and pages
// say their charset.
test.describe('probes and page headers', () => {
  test('/healthz and /readyz answer a stranger, /readyz with every check ok; a page is utf-8', async ({ request }) => {
    const live = await request.get('/healthz');
    expect(live.status()).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await request.get('/readyz');
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', migrations: 'ok', worker: 'ok' } });
    const login = await request.get('/login');
    expect(login.headers()['content-type']).toBe('text/html; charset=utf-8');
  });
});

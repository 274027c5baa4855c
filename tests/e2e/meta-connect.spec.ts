// Issue 13 "Connecting Meta": connect the sandbox Meta account through the popup, toggle assets
// (the last enabled page stays on), share a link that a second, anonymous browser context uses to
// connect, and check that the anonymous identity can call nothing else. Partner 1002 (prisma
// user); the two projects take turns (withLock) since they share its connection.
import { test, expect, newContext, withLock, extendTimeout } from './fixtures';
import { signIn } from './helpers';

test('connect Meta through the popup, toggle assets, share a link used anonymously', async ({ page, browser }, testInfo) => {
  extendTimeout(120_000);
  const shot = (name: string) => `test-results/meta-connect-${name}-${testInfo.project.name}.png`;
  await withLock('meta-connect-1002', async () => {
    await signIn(page, 'prisma');
    await page.goto('/settings#meta');
    const userCard = page.getByTestId('meta-card-user');
    await expect(page.getByTestId('sandbox-badge').first()).toBeVisible();
    // A previous run may have left a connection: start from none.
    while (await userCard.getByRole('button', { name: 'Disconnect' }).count()) {
      await userCard.getByRole('button', { name: 'Disconnect' }).first().click();
      await expect(userCard.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
    }
    const popupPromise = page.waitForEvent('popup');
    await userCard.getByTestId('meta-login').click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: /Log in with Meta/ })).toBeVisible();
    await expect(popup.getByTestId('sandbox-badge')).toBeVisible();
    const size = await popup.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));
    expect(size.w).toBeLessThanOrEqual(600);
    await popup.screenshot({ path: shot('consent'), fullPage: true });
    await popup.getByTestId('consent-allow').click();
    // Wait for this login's own outcome: "Connected as …" may still be the connection of an earlier
    // run (the other project, or the anonymous owner), whose assets this user does not own.
    await expect(page.getByRole('status').filter({ hasText: 'Your Meta assets are connected.' })).toBeVisible({ timeout: 30_000 });
    await expect(userCard.getByText('Connected as Sandbox User')).toBeVisible();

    // Toggles: switch pages off until one is left; the last one stays on. A reconnect keeps the
    // partner's earlier choice, so pages an earlier run (the other project) left off go on first.
    // (the switches are disabled until the login has finished: wait for its button to come back)
    await expect(userCard.getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    const pageGroup = userCard.getByRole('group', { name: 'Facebook pages' });
    await expect(pageGroup.locator('[role="switch"]:not([disabled])').first()).toBeVisible();
    const offButUsable = pageGroup.locator('[role="switch"][aria-checked="false"]:not([disabled])');
    // Every switch is disabled while a toggle is saved, so "one fewer usable switch" is only read
    // once the card is idle again (its Refresh button comes back).
    const idle = userCard.getByRole('button', { name: 'Refresh assets' });
    while (await offButUsable.count()) {
      const before = await offButUsable.count();
      await offButUsable.first().click();
      await expect(idle).toBeEnabled();
      await expect(offButUsable).toHaveCount(before - 1);
    }
    const pages = pageGroup.getByRole('switch', { checked: true });
    const count = await pages.count();
    expect(count).toBeGreaterThan(1);
    for (let i = count; i > 1; i--) {
      await pages.first().click();
      await expect(pages).toHaveCount(i - 1);
    }
    await pages.first().click();
    await expect(page.getByRole('alert').filter({ hasText: 'At least one page is required.' })).toBeVisible();
    await expect(pages).toHaveCount(1);
    // the page without permission cannot be switched on
    await expect(userCard.getByRole('switch', { name: /no permission/ }).first()).toBeDisabled();
    await page.screenshot({ path: shot('settings'), fullPage: true });

    // The shared link, used from a second browser that is signed in nowhere.
    await page.getByRole('button', { name: 'Share link' }).click();
    const url = await page.getByTestId('meta-share-url').inputValue();
    expect(url).toMatch(/\/(en|de)\/meta-anonymous\?code=/);
    await page.keyboard.press('Escape');
    const other = await newContext(browser);
    const anon = await other.newPage();
    await anon.goto(url.replace(/^https?:\/\/[^/]+/, ''));
    const anonPopupPromise = anon.waitForEvent('popup');
    // the partner's own connection exists already: the owner's card offers Reconnect
    await anon.getByRole('button', { name: /^(Log in with Meta|Reconnect)$/ }).first().click();
    const anonPopup = await anonPopupPromise;
    await anonPopup.getByTestId('consent-allow').click();
    await expect(anon.getByTestId('meta-connected-notice')).toBeVisible({ timeout: 30_000 });
    await expect(anon.getByRole('button', { name: 'Share link' })).toHaveCount(0);
    await expect(anon.getByRole('button', { name: 'Refresh assets' })).toHaveCount(0);
    await anon.screenshot({ path: shot('anonymous'), fullPage: true });
    // The anonymous identity reaches nothing but the connect calls.
    const answers = await anon.evaluate(async () => {
      const token = (JSON.parse(sessionStorage.getItem('encore.meta.anonymous') ?? '{}') as { token?: string }).token ?? '';
      const get = (path: string) => fetch(path, { headers: { 'X-Auth-Code': token } }).then((r) => r.status);
      return { status: await get('/api/v3/integrations/connect/facebook/status'), profile: await get('/api/v3/profile'), events: await get('/api/v3/events/') };
    });
    expect(answers).toEqual({ status: 200, profile: 403, events: 403 });
    await other.close();

    // Back in settings: disconnect.
    await page.reload();
    await expect(userCard.getByText('Connected as Sandbox User')).toBeVisible();
    await userCard.getByRole('button', { name: 'Disconnect' }).first().click();
    await expect(userCard.getByTestId('meta-login')).toBeVisible();
    await page.screenshot({ path: shot('settings-disconnected'), fullPage: true });
  });
});

test('the login script alert shows when the loader does not arrive within 5 s', async ({ page }) => {
  await page.route(/metaLoginScript.*\.js/, () => undefined); // never answered
  await signIn(page, 'prisma');
  await page.goto('/settings#meta');
  await expect(page.getByTestId('meta-script-alert')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('meta-card-user').getByRole('button', { name: /^(Log in with Meta|Reconnect)$/ }).first()).toBeDisabled();
});

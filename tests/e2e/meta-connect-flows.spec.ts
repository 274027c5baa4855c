// Issue 13 "Connecting Meta", the paths beside the happy one: Cancel on the consent page, a blocked
// popup, reconnecting an existing connection, and the /{language}/meta page of a partner system
// (vendor code → partner token → connect → save and return). Partner 1002 (prisma user); every
// journey that changes its connection holds the same lock as meta-connect.spec.ts.
import type { Page } from '@playwright/test';
import { test, expect, newContext, withLock, extendTimeout } from './fixtures';
import { signIn } from './helpers';

const LOCK = 'meta-connect-1002';
const LOGIN_BUTTON = /^(Log in with Meta|Reconnect)$/;

async function openMetaSettings(page: Page) {
  await signIn(page, 'prisma');
  await page.goto('/settings#meta');
  const card = page.getByTestId('meta-card-user');
  await expect(card.getByRole('button', { name: LOGIN_BUTTON }).first()).toBeEnabled();
  return card;
}

/** Connects through the popup when nothing is connected yet (an earlier journey may have disconnected). */
async function ensureConnected(page: Page) {
  const card = page.getByTestId('meta-card-user');
  if (await card.getByTestId('meta-login').count()) {
    const popupPromise = page.waitForEvent('popup');
    await card.getByTestId('meta-login').click();
    await (await popupPromise).getByTestId('consent-allow').click();
  }
  await expect(card.getByText('Connected as Sandbox User')).toBeVisible({ timeout: 30_000 });
}

test('Cancel on the consent page shows the login-cancelled error and connects nothing', async ({ page }) => {
  extendTimeout(60_000);
  await withLock(LOCK, async () => {
    const card = await openMetaSettings(page);
    const connectionsBefore = await card.getByTestId('meta-connection').count();
    const popupPromise = page.waitForEvent('popup');
    await card.getByRole('button', { name: LOGIN_BUTTON }).first().click();
    const popup = await popupPromise;
    await popup.getByTestId('consent-cancel').click();
    await expect(page.getByRole('alert').filter({ hasText: 'The Meta login was cancelled.' })).toBeVisible({ timeout: 15_000 });
    await expect(card.getByTestId('meta-connection')).toHaveCount(connectionsBefore);
  });
});

test('a blocked popup shows the popup-blocked error', async ({ page }) => {
  // What a pop-up blocker does to window.open.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const card = await openMetaSettings(page);
  await card.getByRole('button', { name: LOGIN_BUTTON }).first().click();
  await expect(page.getByRole('alert').filter({ hasText: 'The login window was blocked. Please allow pop-ups for this site and try again.' })).toBeVisible();
  // the button is usable again for a second try
  await expect(card.getByRole('button', { name: LOGIN_BUTTON }).first()).toBeEnabled();
});

test('Reconnect renews the existing connection instead of adding a second one', async ({ page }) => {
  extendTimeout(90_000);
  await withLock(LOCK, async () => {
    const card = await openMetaSettings(page);
    await ensureConnected(page);
    await expect(card.getByTestId('meta-connection')).toHaveCount(1);
    const popupPromise = page.waitForEvent('popup');
    await card.getByRole('button', { name: 'Reconnect' }).first().click();
    await (await popupPromise).getByTestId('consent-allow').click();
    await expect(page.getByRole('status').filter({ hasText: 'Your Meta assets are connected.' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByTestId('meta-connection')).toHaveCount(1);
    await expect(card.getByText('Connected as Sandbox User')).toBeVisible();
  });
});

test('a partner system sends its user to /de/meta: vendor code, partner token, connect, save and return', async ({ page, browser }, testInfo) => {
  extendTimeout(90_000);
  const returnTo = 'https://partner-system.example/meta-done?ref=42';
  await withLock(LOCK, async () => {
    await openMetaSettings(page);
    // The partner system asks for a code on behalf of a signed-in user of the partner.
    const link = await page.evaluate(async (redirect_uri) => {
      const res = await fetch('/api/v3/auth/anonymous/authorize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ kind: 'vendor', redirect_uri }) });
      return { status: res.status, body: (await res.json()) as { url: string } };
    }, returnTo);
    expect(link.status).toBe(201);
    expect(link.body.url).toMatch(/^\/(en|de)\/meta\?code=/);
    const path = link.body.url.replace(/^\/(en|de)\//, '/de/');

    const other = await newContext(browser);
    const vendor = await other.newPage();
    await other.route('https://partner-system.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<h1>Partner system</h1>' }));
    await vendor.goto(path);
    await expect(vendor.getByRole('heading', { name: 'Meta verbinden' })).toBeVisible();
    const card = vendor.getByTestId('meta-card-user');
    const login = card.getByRole('button', { name: /^(Mit Meta anmelden|Neu verbinden)$/ }).first();
    await expect(login).toBeEnabled();
    await vendor.screenshot({ path: `test-results/meta-connect-vendor-de-${testInfo.project.name}.png`, fullPage: true });
    // the partner token may refresh and disconnect, unlike the anonymous link
    await expect(vendor.getByRole('button', { name: 'Link teilen' })).toHaveCount(0);
    const popupPromise = vendor.waitForEvent('popup');
    await login.click();
    await (await popupPromise).getByTestId('consent-allow').click();
    await expect(vendor.getByRole('status').filter({ hasText: 'Ihre Meta-Assets sind verbunden.' })).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Verbunden als Sandbox User')).toBeVisible();
    await vendor.getByRole('link', { name: 'Speichern und zurück' }).click();
    await expect(vendor).toHaveURL(returnTo);
    // the code was spent: opening the same address again in a new browser fails with the link text
    const third = await newContext(browser);
    const again = await third.newPage();
    await again.goto(path);
    await expect(again.getByRole('alert')).toHaveText('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.');
    await again.screenshot({ path: `test-results/meta-connect-vendor-de-spent-${testInfo.project.name}.png`, fullPage: true });
    await third.close();
    await other.close();
  });
});

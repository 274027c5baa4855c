// Sign-in helpers for the Playwright journeys (issue 3: MFA is enforced for everyone). The demo
// users have an authenticator enrolled with a fixed secret, so the code is computed here. A TOTP
// code is accepted once per user and step: the helper remembers the steps it used and, when the
// server still refuses (another worker took the step), waits for the next step and retries.
// After a first sign-in with 'remember this device' the device keys are reused by later contexts
// of the same worker, so most journeys skip the code step entirely. Codes and their steps follow the
// server's clock (serverNow: real time, or ENCORE_NOW's).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { serverNow } from './clock';

export const DEMO_PASSWORD = 'Encore-Demo-2026!';
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const STEP_MS = 30_000;
const DEVICE_KEY = 'encore.rememberedDevice';

/** Waits until every island of the page has hydrated (Astro drops the `ssr` attribute then; the load event comes first). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 15_000 });
}

export function totpCode(secret: string, at = serverNow()): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

const usedSteps = new Map<string, number>();
const devices = new Map<string, string>();

/** Records that a code of this step was spent (e.g. by activating the app), so the next waits. */
export function markStepUsed(username: string, secret: string): void {
  usedSteps.set(`${username}:${secret}`, Math.floor(serverNow() / STEP_MS));
}

async function nextFreeStep(key: string): Promise<void> {
  const step = Math.floor(serverNow() / STEP_MS);
  if (usedSteps.get(key) === step) await new Promise((r) => setTimeout(r, STEP_MS - (serverNow() % STEP_MS) + 250));
}

/** Fills the /mfa code of the authenticator app, retrying once per step when the code was spent. */
export async function completeTotp(page: Page, username: string, { secret = DEMO_TOTP_SECRET, remember = true } = {}): Promise<void> {
  await expect(page).toHaveURL(/\/mfa/);
  await hydrated(page);
  const key = `${username}:${secret}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    await nextFreeStep(key);
    usedSteps.set(key, Math.floor(serverNow() / STEP_MS));
    await page.locator('#mfa-code').fill(totpCode(secret));
    const box = page.getByLabel(/Remember this device|Dieses Gerät/);
    if (remember && !(await box.isChecked())) await box.check();
    await page.getByRole('button', { name: /Complete sign-in|Anmeldung abschließen/ }).click();
    const outcome = await Promise.race([
      page.waitForURL((url) => url.pathname !== '/mfa', { timeout: 15_000 }).then(() => 'left' as const),
      page.locator('.splash, [role=status]:has-text("Signing you in"), [role=status]:has-text("angemeldet")').first().waitFor({ timeout: 15_000 }).then(() => 'splash' as const),
      page.locator('#mfa-error').waitFor({ timeout: 15_000 }).then(() => 'error' as const),
    ]);
    if (outcome !== 'error') {
      if (remember) {
        const stored = await page.evaluate((k) => localStorage.getItem(k), DEVICE_KEY);
        if (stored) devices.set(username.toLowerCase(), stored);
      }
      return;
    }
    // The step was spent by another worker (or the clock edge): wait for the next one.
    usedSteps.set(key, Math.floor(serverNow() / STEP_MS));
  }
  throw new Error(`TOTP sign-in of ${username} kept failing`);
}

/** Makes later pages of this context start with the remembered device of `username`, if any. */
export async function useRememberedDevice(page: Page, username: string): Promise<boolean> {
  const stored = devices.get(username.toLowerCase());
  if (!stored) return false;
  await page.addInitScript(([k, v]) => {
    if (!localStorage.getItem(k)) localStorage.setItem(k, v);
  }, [DEVICE_KEY, stored] as const);
  return true;
}

/**
 * Signs in through /login and the MFA step; ends on the page after the splash (or on the partner
 * chooser of /login for multi-partner users, which the caller picks).
 */
export async function signIn(page: Page, username: string, { password = DEMO_PASSWORD, secret = DEMO_TOTP_SECRET, remember = true } = {}): Promise<void> {
  await useRememberedDevice(page, username);
  await page.goto('/login');
  await hydrated(page);
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await leftLogin(page);
  if (new URL(page.url()).pathname === '/mfa') {
    await completeTotp(page, username, { secret, remember });
    await leftLogin(page, true);
  }
}

/** Waits until the browser left /login (and /mfa) or shows the partner chooser there. */
async function leftLogin(page: Page, alsoMfa = false): Promise<void> {
  const away = (url: URL) => url.pathname !== '/login' && !(alsoMfa && url.pathname === '/mfa');
  await Promise.race([
    page.waitForURL(away, { timeout: 20_000 }),
    page.locator('input[name=intent][value=partner]').waitFor({ state: 'attached', timeout: 20_000 }),
  ]);
  // After the code step the splash leads on (~1.5 s) unless the chooser is shown.
  if (alsoMfa && !(await page.locator('input[name=intent][value=partner]').count())) await page.waitForURL(away, { timeout: 20_000 });
  await page.waitForLoadState('load');
}

export interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
  created_at: string;
}

/** The development mailbox's token of the test server (playwright.config.ts sets it). */
export function mailboxToken(): string {
  const token = process.env.ENCORE_DEV_MAILBOX_TOKEN;
  if (!token) throw new Error('ENCORE_DEV_MAILBOX_TOKEN is not set (playwright.config.ts sets it for the test server)');
  return token;
}

/**
 * The newest 6-digit (or longer) code mailed to `to` after `since` (dev outbox API, with its token).
 * The outbox is dated by the database (real time, also under ENCORE_NOW): `since` is Date.now(), not serverNow().
 */
export async function mailedCode(request: APIRequestContext, to: string, since = 0, pattern = /\b(\d{6})\b/): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`/api/v3/dev/mailbox?to=${encodeURIComponent(to)}`, { headers: { 'X-Dev-Mailbox-Token': mailboxToken() } });
    if (res.ok()) {
      const mails = (await res.json()) as MailboxMessage[];
      const mail = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && Date.parse(m.created_at) >= since - 1000 && pattern.test(m.text));
      if (mail) return mail.text.match(pattern)![1];
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No code mailed to ${to}`);
}

/**
 * The domain of demo partner 1001 (registerUser's default): self-registration is limited to the
 * partner's domain unless open registration is on (settings #system).
 */
export const PARTNER_1001_DOMAIN = 'konzerthaus-rheinland.example';

/** A unique address per test run, project and purpose, at the domain of partner 1001 by default. */
export function freshEmail(purpose: string, project: string, domain = PARTNER_1001_DOMAIN): string {
  return `e2e-${purpose}-${project}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@${domain}`;
}

export const NEW_PASSWORD = 'Fresh-Passw0rd!';

/** Registers a user under a partner and confirms the email through the dev outbox. */
export async function registerUser(page: Page, email: string, { partnerId = 1001, password = NEW_PASSWORD, given = 'Erin', family = 'Tester' } = {}): Promise<void> {
  const since = Date.now();
  await page.goto(`/partners/${partnerId}/register`);
  await hydrated(page);
  await page.getByLabel(/^(First name|Vorname)$/).fill(given);
  await page.getByLabel(/^(Last name|Nachname)$/).fill(family);
  await page.getByLabel(/^(Email|E-Mail)$/).fill(email);
  await page.locator('#register-password').fill(password);
  await page.locator('#register-confirm').fill(password);
  await page.getByRole('button', { name: /Create account|Konto erstellen/ }).click();
  await expect(page.locator('#register-code')).toBeVisible();
  await page.locator('#register-code').fill(await mailedCode(page.request, email, since));
  await page.getByRole('button', { name: /Confirm email|E-Mail bestätigen/ }).click();
  await expect(page.getByRole('heading', { name: /Your account is ready|Ihr Konto ist bereit/ })).toBeVisible();
}

// A new user: registration, email confirmation via the dev mailbox, first sign-in with MFA setup
// (authenticator app path reading the secret from the page; email path) — spec 1 §2.4.
import { expect, newContext, test } from './fixtures';
import { NEW_PASSWORD, completeTotp, hydrated, freshEmail, markStepUsed, registerUser, totpCode } from './auth-helpers';

async function firstSignIn(page: import('@playwright/test').Page, email: string) {
  await page.goto('/login');
  await hydrated(page);
  await page.locator('#login-username').fill(email);
  await page.locator('#login-password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await expect(page).toHaveURL(/\/setup-mfa$/);
  await hydrated(page);
}

test('registration, then the authenticator app is set up from the secret the page shows', async ({ page, browser }, info) => {
  // the second sign-in waits for the next TOTP step (a code is accepted once)
  test.setTimeout(90_000);
  const email = freshEmail('totp', info.project.name);
  await registerUser(page, email);
  await firstSignIn(page, email);
  await page.getByRole('button', { name: /Authenticator app|Authenticator-App/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('img')).toBeVisible();
  const secret = await dialog.getByTestId('totp-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await dialog.getByRole('button', { name: /Copy key|Schlüssel kopieren/ }).click().catch(() => undefined);
  await dialog.locator('#totp-code').fill(totpCode(secret!));
  markStepUsed(email, secret!);
  await dialog.getByRole('button', { name: /Activate and sign in|Aktivieren und anmelden/ }).click();
  await page.waitForURL((u) => !['/setup-mfa', '/login'].includes(u.pathname), { timeout: 20_000 });

  // the next sign-in (another browser) asks for the app code of that secret
  const context = await newContext(browser);
  const next = await context.newPage();
  await next.goto('/login');
  await hydrated(next);
  await next.locator('#login-username').fill(email);
  await next.locator('#login-password').fill(NEW_PASSWORD);
  await next.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await completeTotp(next, email, { secret: secret!, remember: false });
  await context.close();
});

test('the email path shows the verified message and signs in after 3 s', async ({ page }, info) => {
  const email = freshEmail('email', info.project.name);
  await registerUser(page, email);
  await firstSignIn(page, email);
  await page.getByRole('button', { name: /Code by email|Code per E-Mail/ }).click();
  await expect(page.getByText(/Email codes are active|E-Mail-Codes sind/)).toBeVisible();
  await page.waitForURL((u) => !['/setup-mfa', '/login'].includes(u.pathname), { timeout: 20_000 });
});

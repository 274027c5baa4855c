// Sign-in with the authenticator code (spec 1 §2.4 /mfa, issue 3 §1-§3).
import { expect, newContext, test } from './fixtures';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, hydrated, mailedCode, signIn, totpCode } from './auth-helpers';

// Distinct users per project so the two projects never race for the same TOTP step.
const userFor = (project: string) => (project === 'phone' ? 'prisma@encore.demo' : 'admin@encore.demo');

test('a wrong code shows the error above the code entry and the button waits for 6 digits', async ({ page }, info) => {
  await page.goto('/login');
  await hydrated(page);
  await page.locator('#login-username').fill(userFor(info.project.name));
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  const submit = page.getByRole('button', { name: /Complete sign-in|Anmeldung abschließen/ });
  await expect(submit).toBeDisabled();
  await page.locator('#mfa-code').fill('12a3');
  await expect(page.locator('#mfa-code')).toHaveValue('123');
  await expect(submit).toBeDisabled();
  // a code that is surely not the current one
  const wrong = String((Number(totpCode(DEMO_TOTP_SECRET)) + 500_000) % 1_000_000).padStart(6, '0');
  await page.locator('#mfa-code').fill(wrong);
  await expect(submit).toBeEnabled();
  await submit.click();
  const error = page.locator('#mfa-error');
  await expect(error).toBeVisible();
  // the error sits above the code entry
  const [errorBox, codeBox] = await Promise.all([error.boundingBox(), page.locator('#mfa-code').boundingBox()]);
  expect(errorBox!.y).toBeLessThan(codeBox!.y);
});

test('the authenticator code signs in, shows the session timer, and a remembered device skips the code', async ({ page, browser }, info) => {
  // signIn may wait for the next TOTP step when another journey just used this user's code
  test.setTimeout(90_000);
  const user = userFor(info.project.name);
  await signIn(page, user, { remember: true });
  await expect(page).not.toHaveURL(/\/(login|mfa)/);
  const stored = await page.evaluate(() => localStorage.getItem('encore.rememberedDevice'));
  expect(stored).toContain('deviceKey');

  // the countdown of spec 1 §4.1 is in the sidebar (desktop) or the user menu (phone)
  if (info.project.name === 'desktop') await expect(page.getByTestId('session-timer').first()).toContainText(/\d\d:\d\d/);

  // a new browser context with the same device keys signs in without the code step
  const context = await newContext(browser);
  const second = await context.newPage();
  await second.addInitScript((v) => localStorage.setItem('encore.rememberedDevice', v), stored!);
  await second.goto('/login');
  await hydrated(second);
  await second.locator('#login-username').fill(user);
  await second.locator('#login-password').fill(DEMO_PASSWORD);
  await second.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await second.waitForURL((u) => !['/login', '/mfa'].includes(u.pathname), { timeout: 20_000 });
  await context.close();
});

test('switching to an email code re-authenticates and the mailed code signs in', async ({ page }, info) => {
  const user = info.project.name === 'phone' ? 'multi@encore.demo' : 'analyst@encore.demo';
  await page.goto('/login');
  await hydrated(page);
  await page.locator('#login-username').fill(user);
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await expect(page).toHaveURL(/\/mfa$/);
  const since = Date.now(); // the outbox's time (real), see mailedCode
  await page.getByRole('button', { name: /Send me a code by email|Code per E-Mail senden/ }).click();
  await page.locator('#mfa-password').fill(DEMO_PASSWORD);
  await page.locator('form').filter({ has: page.locator('#mfa-password') }).getByRole('button', { name: /email|E-Mail/ }).click();
  await expect(page.getByText(/We sent a 6-digit code|Wir haben einen 6-stelligen Code/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Sent$|^Gesendet$/ })).toBeVisible();
  const code = await mailedCode(page.request, user, since);
  await page.locator('#mfa-code').fill(code);
  await page.getByRole('button', { name: /Complete sign-in|Anmeldung abschließen/ }).click();
  await page.waitForURL((u) => u.pathname !== '/mfa', { timeout: 20_000 });
});

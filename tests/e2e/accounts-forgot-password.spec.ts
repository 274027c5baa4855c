// Forgot password in three steps (spec 1 §2.4, §5); the same answer for an unknown address.
import { expect, test } from './fixtures';
import { freshEmail, hydrated, mailedCode, registerUser } from './auth-helpers';

test('an unknown address gets the same answer as a known one', async ({ page }) => {
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel(/^(Email|E-Mail)$/).fill('nobody-here@encore.test');
  await page.getByRole('button', { name: /Send code|Code senden/ }).click();
  await expect(page.getByText(/If an account exists for nobody-here@encore.test|Falls ein Konto für nobody-here@encore.test/)).toBeVisible();
});

test('the mailed code and a new password reset the password; submit waits for matching fields', async ({ page }, info) => {
  const email = freshEmail('forgot', info.project.name);
  await registerUser(page, email);
  const since = Date.now(); // the outbox's time (real), see mailedCode
  await page.goto('/forgot-password');
  await hydrated(page);
  await page.getByLabel(/^(Email|E-Mail)$/).fill(email);
  await page.getByRole('button', { name: /Send code|Code senden/ }).click();
  const submit = page.getByRole('button', { name: /Set new password|Neues Passwort festlegen/ });
  await expect(submit).toBeDisabled();
  await page.locator('#forgot-code').fill(await mailedCode(page.request, email, since));
  await page.locator('#forgot-password').fill('Another-Passw0rd!');
  await page.locator('#forgot-confirm').fill('Another-Passw0rd?');
  await expect(submit).toBeDisabled();
  await page.locator('#forgot-confirm').fill('Another-Passw0rd!');
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByRole('heading', { name: /Password changed|Passwort geändert/ })).toBeVisible();
  await page.getByRole('link', { name: /Go to sign in|Zur Anmeldung/ }).click();
  await hydrated(page);
  await page.locator('#login-username').fill(email);
  await page.locator('#login-password').fill('Another-Passw0rd!');
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  // the reset does not bypass the second factor (this user has none yet: setup)
  await expect(page).toHaveURL(/\/(setup-mfa|mfa)$/);
});

test('registration checks the password policy live and requires every field', async ({ page }) => {
  await page.goto('/partners/1001/register');
  await hydrated(page);
  await page.getByRole('button', { name: /Create account|Konto erstellen/ }).click();
  await expect(page.getByRole('alert')).toHaveText(/fill in all required fields|alle Pflichtfelder/);
  await page.locator('#register-password').fill('short');
  await expect(page.locator('[data-rule=tooShort]')).toHaveAttribute('data-met', 'false');
  await expect(page.locator('[data-rule=missingLowerCase]')).toHaveAttribute('data-met', 'true');
});

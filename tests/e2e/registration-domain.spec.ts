// Self-registration is limited to the partner's own domain (security review, finding 10): an
// address of another domain is refused with a clear message; once a partner admin turns open
// registration on in settings #system, the same address registers. Desktop works on partner 1001
// (admin), phone on 1002 (prisma), so the two projects never switch the same partner's setting.
import type { Browser, Page } from '@playwright/test';
import { expect, newContext, test } from './fixtures';
import { freshEmail, hydrated, mailedCode } from './auth-helpers';
import { isPhone, rememberLanguage, signIn } from './helpers';

const REFUSED = /open only to email addresses of the organisation's own domain/;

/** Fills the registration form of `partnerId` in a browser without a session and submits it. */
async function submitRegistration(page: Page, partnerId: number, email: string): Promise<void> {
  await page.goto(`/partners/${partnerId}/register`);
  await hydrated(page);
  await page.getByLabel('First name', { exact: true }).fill('Olga');
  await page.getByLabel('Last name', { exact: true }).fill('Outside');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.locator('#register-password').fill('Outside-Passw0rd!');
  await page.locator('#register-confirm').fill('Outside-Passw0rd!');
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function anonymousPage(browser: Browser): Promise<Page> {
  const context = await newContext(browser);
  await rememberLanguage(context, 'en');
  return context.newPage();
}

test('a foreign domain is refused until a partner admin opens registration in settings #system', async ({ browser, page }, info) => {
  // Two browsers and several sign-ins: 14–18 s alone, past 30 s once on a loaded machine.
  test.slow();
  const phone = isPhone(info);
  const partnerId = phone ? 1002 : 1001;
  const email = freshEmail('foreign', info.project.name, 'elsewhere.example');

  // 1. Closed (the default): the address of another domain is refused with the message.
  const visitor = await anonymousPage(browser);
  await submitRegistration(visitor, partnerId, email);
  await expect(visitor.getByRole('alert')).toHaveText(REFUSED);
  await expect(visitor.locator('#register-code')).toHaveCount(0);

  // 2. The partner's admin turns open registration on (settings #system).
  await signIn(page, phone ? 'prisma' : 'admin', { language: 'en' });
  await page.goto('/settings#system');
  await hydrated(page);
  const open = page.getByRole('switch', { name: /^Open registration/ });
  try {
    await expect(open).not.toBeChecked();
    const saved = page.waitForResponse((r) => r.url().includes('/api/v3/partners/registration') && r.request().method() === 'PUT');
    await open.check();
    expect((await saved).status()).toBe(200);
    await expect(open).toBeChecked();
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole('switch', { name: /^Open registration/ })).toBeChecked();

    // 3. Now the same address registers and confirms its email with the mailed code.
    const since = Date.now();
    await submitRegistration(visitor, partnerId, email);
    await expect(visitor.locator('#register-code')).toBeVisible();
    await visitor.locator('#register-code').fill(await mailedCode(visitor.request, email, since));
    await visitor.getByRole('button', { name: 'Confirm email' }).click();
    await expect(visitor.getByRole('heading', { name: 'Your account is ready' })).toBeVisible();
  } finally {
    // 4. Closed again, so other journeys meet the default.
    const res = await page.request.put('/api/v3/partners/registration', { data: { open_registration: false } });
    expect(res.status()).toBe(200);
    await visitor.context().close();
  }
});

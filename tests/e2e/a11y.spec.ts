// Accessibility: axe-core finds no serious or critical violation on the main screens
// (moderate and minor findings are allowed).
import { seriousViolations as serious } from './screen-checks';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPhone, openAccountMenu, openNavigation, signIn, waitForIslands } from './helpers';

const seriousViolations = (page: Page) => serious(page, { bestPractice: true });

test.describe('accessibility', () => {
  test('the login page has no serious or critical violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the login page with an error has no serious or critical violations', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the dashboard has no serious or critical violations, nor with a menu open', async ({ page }, testInfo) => {
    test.slow(); // two axe scans of the dashboard's charts: past 30 s on a loaded 2-core machine
    await signIn(page, 'admin');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Anna');
    expect(await seriousViolations(page)).toEqual([]);

    // Account menu on desktop, menu sheet on phones.
    if (isPhone(testInfo)) await openNavigation(page, testInfo);
    else await openAccountMenu(page, 'admin');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the events page has no serious or critical violations, nor with the filters or the drawer open', async ({ page }, testInfo) => {
    test.slow(); // three axe scans of a long list, and the drawer loads the detail and its charts
    await signIn(page, 'admin', { next: '/events' });
    await expect(page.locator('a[data-event-id]').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /^Filters/ }).click();
    await expect(page.getByRole('region', { name: 'Event filters' }).getByRole('checkbox').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    if (!isPhone(testInfo)) {
      await page.locator('a[data-event-id]').first().click();
      await expect(page.getByRole('dialog', { name: 'Event details' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    }
  });

  test('the 404 page has no serious or critical violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    expect(await seriousViolations(page)).toEqual([]);
  });
});

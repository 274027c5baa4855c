// spec 3 §2, §4, §8, issue 15 "Screens and calls": the Sentinel page at desktop and phone sizes
// against the real server (parser, compiler, executor, task): the guide before any answer, a
// question in German and one in English with the query summary (parsed and raw views) and rows,
// the aggregates bar of events, a customer opening in the drawer (desktop) or on its page (phone),
// saving the answer, asking it again from the saved questions (with the confirmation), the export
// download, and the refusal of a question that would write. Saved questions are named per project
// so the two projects never touch each other's; the journey deletes what it saved.
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPhone, signIn, waitForIslands } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
const ANSWER_TIMEOUT = 60_000;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({
    path: `${SHOTS}/sentinel-${name}-${testInfo.project.name}.png`,
  });
}

async function ask(page: Page, question: string, outcome: RegExp) {
  await page.getByLabel(/Your question|Ihre Frage/).fill(question);
  await page.getByRole('radio', { name: outcome }).check();
  await page.getByTestId('sentinel-ask').click();
  await expect(page.getByTestId('sentinel-summary')).toBeVisible({
    timeout: ANSWER_TIMEOUT,
  });
  await expect(page.getByTestId('sentinel-loading')).toHaveCount(0, {
    timeout: ANSWER_TIMEOUT,
  });
}

async function resultCount(page: Page): Promise<number> {
  const text = (await page.getByTestId('sentinel-count').textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

test.describe('Sentinel', () => {
  test.describe.configure({ timeout: 240_000 });

  test('asks in German and English, opens a customer, saves, asks again and exports', async ({ page }, testInfo) => {
    const phone = isPhone(testInfo);
    await signIn(page, 'admin', { language: 'en' });
    await page.goto('/sentinel');
    await waitForIslands(page);
    await expect(page.getByTestId('sentinel-guide')).toBeVisible();
    // Separate bars for phones and desktops: only one is shown.
    const bar = page.getByTestId(phone ? 'sentinel-topbar-mobile' : 'sentinel-topbar-desktop');
    await expect(bar).toBeVisible();
    await expect(page.getByTestId(phone ? 'sentinel-topbar-desktop' : 'sentinel-topbar-mobile')).toBeHidden();
    // Ask needs a question and an outcome.
    await expect(page.getByTestId('sentinel-ask')).toBeDisabled();
    await page.getByLabel('Your question').fill('Kunden aus Köln');
    await expect(page.getByTestId('sentinel-ask')).toBeDisabled();
    await expect(page.getByTestId('sentinel-counter')).toHaveAttribute('data-band', 'green');

    // German, customers.
    await ask(page, 'Welche Kunden haben schon einmal eine Oper besucht?', /^Customers$/);
    await expect(page.getByTestId('sentinel-guide')).toHaveCount(0);
    const customers = await resultCount(page);
    expect(customers).toBeGreaterThan(0);
    await expect(page.getByTestId('sentinel-row').first()).toBeVisible();
    expect(await page.getByTestId('sentinel-row').count()).toBe(Math.min(customers, 50));
    expect(page.url()).toContain('task_id=');
    await page.getByTestId('sentinel-summary-toggle').click();
    await expect(page.getByTestId('sentinel-filters')).toContainText(/opera/i);
    await shot(page, testInfo, 'answer-summary');
    await page.getByTestId('sentinel-raw-toggle').click();
    await expect(page.getByTestId('sentinel-sql')).toContainText(/select/i);

    // Save the answer under a name of this project.
    const name = `Opera visitors ${testInfo.project.name} ${Date.now()}`;
    await page.getByTestId('sentinel-save').click();
    await page.getByTestId('sentinel-save-name').fill(name);
    await page.getByTestId('sentinel-save-confirm').click();
    await expect(page.getByTestId('sentinel-saved')).toBeVisible();

    // Export: the whole answer as CSV.
    await bar.getByTestId('sentinel-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Sentinel.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/).filter(Boolean).length).toBe(customers + 1);

    // A customer row opens the drawer on wide screens and the result page on phones.
    const firstId = (await page.getByTestId('sentinel-row').first().locator('td').nth(1).textContent())!.trim();
    await page.getByTestId('sentinel-row').first().locator('td').nth(2).click();
    if (phone) {
      await expect(page).toHaveURL(new RegExp(`/sentinel/results/${firstId}$`));
      await page.goBack();
      await expect(page.getByTestId('sentinel-summary')).toBeVisible({
        timeout: ANSWER_TIMEOUT,
      });
    } else {
      await expect(page).toHaveURL(new RegExp(`drawer-open=true&result-id=${firstId}`));
      await expect(page.getByTestId('customer-drawer')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('customer-drawer')).toHaveCount(0);
      expect(page.url()).not.toContain('drawer-open');
    }

    // English, events: the aggregates bar with sum and average.
    await ask(page, 'Which opera events are there?', /^Events$/);
    expect(await resultCount(page)).toBeGreaterThan(0);
    await expect(page.getByTestId('sentinel-aggregates')).toBeVisible();
    await page.getByTestId('sentinel-agg-average').click();
    await expect(page.getByTestId('sentinel-agg-average')).toHaveAttribute('aria-pressed', 'true');
    await shot(page, testInfo, 'grid-aggregates');

    // Ask the saved question again: results are on screen, so it asks first.
    await page.getByRole('button', { name: 'Saved questions' }).click();
    const modal = page.getByTestId('sentinel-saved-modal');
    await modal.getByTestId('sentinel-saved-search').fill(name.toUpperCase());
    await expect(modal.getByTestId('sentinel-saved-item')).toHaveCount(1);
    await shot(page, testInfo, 'saved-questions');
    await modal.getByTestId('sentinel-ask-again').click();
    await modal.getByTestId('sentinel-confirm').click();
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('sentinel-summary')).toBeVisible({
      timeout: ANSWER_TIMEOUT,
    });
    await expect(page.getByTestId('sentinel-loading')).toHaveCount(0, {
      timeout: ANSWER_TIMEOUT,
    });
    await expect(page.getByLabel('Your question')).toHaveValue('Welche Kunden haben schon einmal eine Oper besucht?');
    expect(await resultCount(page)).toBe(customers);

    // Rename (a name is required), then delete with its confirmation.
    await page.getByRole('button', { name: 'Saved questions' }).click();
    await modal.getByTestId('sentinel-saved-search').fill(name);
    await modal.getByTestId('sentinel-rename').click();
    await modal.getByTestId('sentinel-rename-input').fill('  ');
    await modal.getByTestId('sentinel-rename-save').click();
    await expect(modal.getByRole('alert')).toHaveText('Please enter a name.');
    await modal.getByTestId('sentinel-rename-input').fill(`${name} renamed`);
    await modal.getByTestId('sentinel-rename-save').click();
    await expect(modal.getByTestId('sentinel-saved-item')).toContainText(`${name} renamed`);
    await modal.getByTestId('sentinel-delete').click();
    await modal.getByTestId('sentinel-confirm').click();
    await expect(modal.getByTestId('sentinel-saved-item')).toHaveCount(0);
    // The other project's question may still be saved: either the empty-search or the empty message.
    await expect(modal.getByText(/No saved question matches your search\.|You have not saved any questions yet/)).toBeVisible();
  });

  test('stops a running question with the abort tip; selection drives the export', async ({ page }, testInfo) => {
    const phone = isPhone(testInfo);
    await signIn(page, 'admin', { language: 'en' });
    await page.goto('/sentinel');
    await waitForIslands(page);
    // The task answers fast here: its status calls are held back so Stop meets a running question.
    await page.route('**/api/v3/tasks/**', async (route) => {
      await new Promise((r) => setTimeout(r, 4000));
      await route.continue().catch(() => undefined);
    });
    await page.getByLabel('Your question').fill('Which opera events are there?');
    await page.getByRole('radio', { name: /^Events$/ }).check();
    await page.getByTestId('sentinel-ask').click();
    await page.getByTestId('sentinel-stop').click();
    await expect(page.getByText('The question was stopped.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('sentinel-summary')).toHaveCount(0);
    await expect(page.getByTestId('sentinel-ask')).toBeEnabled();
    await page.unrouteAll({ behavior: 'ignoreErrors' });

    await ask(page, 'Which opera events are there?', /^Events$/);
    const total = await resultCount(page);
    // One row chosen, then the header box selects the whole answer (spec 3 §4 Selection).
    await page.getByTestId('sentinel-row').nth(1).getByRole('checkbox').check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await page.getByTestId('sentinel-select-all').check();
    await expect(page.getByText(`${total} selected`)).toBeVisible();
    await page.getByTestId('sentinel-select-all').uncheck();
    await page.getByTestId('sentinel-row').nth(0).getByRole('checkbox').check();
    await page.getByTestId('sentinel-row').nth(1).getByRole('checkbox').check();
    await expect(page.getByText('2 selected')).toBeVisible();
    const bar = page.getByTestId(phone ? 'sentinel-topbar-mobile' : 'sentinel-topbar-desktop');
    await bar.getByTestId('sentinel-export').click();
    // Event results have no CRM export (customers only).
    await expect(page.getByRole('menuitem', { name: /External CRM/ })).toHaveCount(0);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('Sentinel.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.split(/\r?\n/).filter(Boolean).length).toBe(3);
  });

  test('refuses a question that would change data and keeps the guide', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { language: 'de' });
    await page.goto('/sentinel');
    await waitForIslands(page);
    // An answer first: the refusal must not leave it on screen as if it answered the new question.
    await ask(page, 'Kunden aus Köln', /Kunden/);
    await expect(page.getByTestId('sentinel-row').first()).toBeVisible();
    await page.getByLabel('Ihre Frage').fill('Lösche alle Kunden aus Köln');
    await page.getByRole('radio', { name: 'Kunden' }).check();
    await page.getByTestId('sentinel-ask').click();
    const error = page.getByTestId('sentinel-error');
    await expect(error).toContainText('Fehler:', { timeout: ANSWER_TIMEOUT });
    await expect(error).toContainText('Sentinel liest Ihre Daten nur');
    await expect(page.getByTestId('sentinel-guide')).toBeVisible();
    await expect(page.getByTestId('sentinel-row')).toHaveCount(0);
    await expect(page.getByTestId('sentinel-summary')).toHaveCount(0);
    await shot(page, testInfo, 'error');
  });
});

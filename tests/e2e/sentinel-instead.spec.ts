// issue 21 §3 "ask this instead" and problems on screen, at both sizes, only through the page from
// the demo's state: a question with a word Sentinel cannot place is refused naming the word, with
// what was understood and the closest question it can answer (the word struck through); the
// button, reached by keyboard, puts that question into the box and asks it — one click, focus in
// the box — and its answer arrives. An impossible date is named in the error box and offers
// nothing. An answer of 0 rows still shows how the question was understood. Demo facts used:
// partner 1001's customers of Köln live in postcodes 50… and 51… (src/server/demo/names.ts).
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { signIn, waitForIslands } from './helpers';
import { expectCleanScreen } from './screen-checks';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';
const ANSWER_TIMEOUT = 60_000;

async function shot(page: Page, testInfo: TestInfo, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/sentinel-instead-${name}-${testInfo.project.name}.png`, fullPage: true });
}

async function submit(page: Page, question: string, outcome: string, { keyboard = false } = {}) {
  await page.getByLabel('Ihre Frage').fill(question);
  await page.getByRole('radio', { name: outcome }).check();
  if (!keyboard) return page.getByTestId('sentinel-ask').click();
  await page.getByTestId('sentinel-ask').focus();
  await page.keyboard.press('Enter');
}

async function answered(page: Page) {
  await expect(page.getByTestId('sentinel-summary')).toBeVisible({ timeout: ANSWER_TIMEOUT });
  await expect(page.getByTestId('sentinel-loading')).toHaveCount(0, { timeout: ANSWER_TIMEOUT });
}

test.describe('Sentinel: problems on screen and ask this instead', () => {
  test.describe.configure({ timeout: 240_000 });

  test('names the unplaced word, offers the closest question and asks it on one click', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { language: 'de' });
    await page.goto('/sentinel');
    await waitForIslands(page);

    // A word Sentinel cannot place: refused, the word named, the rest understood.
    await submit(page, 'Kunden aus Köln mit Flurbereinigung', 'Kunden');
    const error = page.getByTestId('sentinel-error');
    await expect(error).toContainText('Fehler:', { timeout: ANSWER_TIMEOUT });
    await expect(error).toContainText('Sentinel hat nicht die ganze Frage verstanden');
    await expect(page.getByTestId('sentinel-problems')).toHaveText(/Nicht verstanden:\s*\W?Flurbereinigung/);
    await expect(page.getByTestId('sentinel-understood')).toContainText('Köln');
    // The closest question, with the left-out word struck through beside it; nothing ran yet.
    const instead = page.getByTestId('sentinel-instead');
    await expect(instead.getByTestId('sentinel-instead-question')).toHaveText(/Kunden aus Köln\W*$/);
    await expect(instead.getByTestId('sentinel-unplaced').locator('del')).toHaveText('Flurbereinigung');
    await expect(page.getByTestId('sentinel-summary')).toHaveCount(0);
    await expect(page.getByLabel('Ihre Frage')).toHaveValue('Kunden aus Köln mit Flurbereinigung');
    await expectCleanScreen(page, 'refused with a closest question');
    await shot(page, testInfo, 'offer');

    // Keyboard: the button sits just before the question box (the error box is above the form).
    await page.getByLabel('Ihre Frage').focus();
    await page.keyboard.press('Shift+Tab');
    const button = page.getByRole('button', { name: 'Stattdessen fragen' });
    await expect(button).toBeFocused();
    await page.keyboard.press('Enter');

    // The rebuilt question is in the box, focus with it, and it is answered.
    await expect(page.getByLabel('Ihre Frage')).toHaveValue('Kunden aus Köln');
    await expect(page.getByLabel('Ihre Frage')).toBeFocused();
    await answered(page);
    await expect(page.getByTestId('sentinel-error')).toHaveCount(0);
    await expect(page.getByTestId('sentinel-row').first()).toBeVisible();
    await page.getByTestId('sentinel-summary-toggle').click();
    await expect(page.getByTestId('sentinel-filters')).toContainText('Köln');
    await expectCleanScreen(page, 'the closest question answered');
    await shot(page, testInfo, 'asked');
  });

  test('names an impossible date and shows how an empty answer was understood', async ({ page }, testInfo) => {
    await signIn(page, 'admin', { language: 'de' });
    await page.goto('/sentinel');
    await waitForIslands(page);

    // Asked by keyboard: the Ask button turns into Stop and back, and focus lands on the answer
    // (here the error box, later the summary), never on <body>.
    await submit(page, 'Veranstaltungen am 31.02.2025', 'Veranstaltungen', { keyboard: true });
    const error = page.getByTestId('sentinel-error');
    await expect(error).toContainText('Fehler:', { timeout: ANSWER_TIMEOUT });
    await expect(error).toBeFocused();
    await expect(page.getByTestId('sentinel-problems')).toContainText('31.02.2025');
    await expect(page.getByTestId('sentinel-instead')).toHaveCount(0);
    await expectCleanScreen(page, 'impossible date');
    await shot(page, testInfo, 'date');

    // Köln's postcodes start with 50 or 51: none in the area 99, and the summary says why.
    await submit(page, 'Kunden aus Köln im PLZ-Bereich 99', 'Kunden', { keyboard: true });
    await answered(page);
    await expect(page.getByTestId('sentinel-summary')).toBeFocused();
    await expect(page.getByTestId('sentinel-error')).toHaveCount(0);
    await expect(page.getByTestId('sentinel-count')).toHaveText(/^0\b/);
    const filters = page.getByTestId('sentinel-filters');
    await expect(filters).toBeVisible();
    await expect(filters).toContainText('Köln');
    // "PLZ beginnt mit 99": the operator says "starts with", the value shows no wildcard.
    await expect(filters).toContainText('beginnt mit');
    await expect(filters).toContainText('99');
    await expect(filters).not.toContainText('%');
    await expectCleanScreen(page, 'empty answer with its summary');
    await shot(page, testInfo, 'empty');
  });
});

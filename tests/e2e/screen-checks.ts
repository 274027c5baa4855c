// What every main-flow journey asserts on each screen it walks (issue 20 "How the main flows are
// tested"): nothing widens the layout viewport, and axe finds no serious or critical violation
// (the tags of a11y.spec.ts).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForIslands } from './helpers';

/** axe's serious and critical findings of the page as it is now (wcag2a/aa, wcag21a/aa). */
export async function seriousViolations(page: Page) {
  await waitForIslands(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The document is no wider than the window (a 390 px phone must not scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, step: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${step}: document ${scrollWidth} px wide in a ${innerWidth} px window`).toBeLessThanOrEqual(innerWidth);
}

/** Both checks, named after the step for the failure message. */
export async function expectCleanScreen(page: Page, step: string): Promise<void> {
  await expectNoHorizontalOverflow(page, step);
  expect(await seriousViolations(page), `${step}: axe serious/critical`).toEqual([]);
}

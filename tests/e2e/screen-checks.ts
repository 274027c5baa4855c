// What every journey asserts on a screen it walks (issue 20 "How the main flows are tested"):
// nothing widens the layout viewport, and axe finds no serious or critical violation. The one
// place for the axe scan: its tags, what it leaves out, and the shape of a finding.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { waitForIslands } from './helpers';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeScope {
  /** Scan only this part of the page (a dialog, a panel); default the whole page. */
  include?: string;
  /** Add axe's best-practice rules to the WCAG A/AA tags. */
  bestPractice?: boolean;
}

/**
 * axe's serious and critical findings on the page as it is now. Iframes are left out: the only
 * ones are the ad previews (Meta's or the sandbox's markup, not ours), and they load lazily — an
 * iframe that has not loaded never answers Playwright's frame calls, so axe's per-frame pass hung
 * until the test's timeout (axe-core-npm #727, playwright #9675).
 */
export async function seriousViolations(page: Page, scope: AxeScope = {}) {
  await waitForIslands(page);
  let builder = new AxeBuilder({ page }).withTags(scope.bestPractice ? [...WCAG, 'best-practice'] : WCAG).exclude('iframe');
  if (scope.include) builder = builder.include(scope.include);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** The document is no wider than the screen (a 390 px phone must not scroll sideways). Against the
 *  viewport, not innerWidth: a phone widens its layout viewport to the content. */
export async function expectNoHorizontalOverflow(page: Page, step: string): Promise<void> {
  const width = page.viewportSize()?.width ?? (await page.evaluate(() => window.innerWidth));
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${step}: document ${scrollWidth} px wide on a ${width} px screen`).toBeLessThanOrEqual(width);
}

/** Both checks, named after the step for the failure message. */
export async function expectCleanScreen(page: Page, step: string, scope: AxeScope = {}): Promise<void> {
  await expectNoHorizontalOverflow(page, step);
  expect(await seriousViolations(page, scope), `${step}: axe serious/critical`).toEqual([]);
}

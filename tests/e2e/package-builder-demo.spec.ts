// The package builder's demo mode (spec 3 §2 "A demo mode for certain partner client ids shows fixed
// sample data with a demo package id and export disabled", §6; docs/PACKAGE-BUILDER.md "Demo mode"),
// one journey per size: the trial account of partner 1002 (package builder in demo mode) opens the
// package builder from the menu, sees the demo notice and the sample package alone (labelled, no
// create button), opens it (demo id in the URL, notice and label), opens a variation (drawer on wide
// screens, page on phones) whose CSV export is disabled with its reason, and finds the wizard
// replaced by the demo notice. English on desktop, German on phones (both locale files). The server
// refuses the export the button would make. Screenshots in /tmp/pkg-demo-shots/.
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { isPhone, openNavigation, signIn, waitForIslands } from './helpers';
import { expectCleanScreen } from './screen-checks';
import { DEMO_PACKAGE_ID } from '../../src/lib/contracts/packages';
import en from '../../public/locales/en/common.json' with { type: 'json' };
import de from '../../public/locales/de/common.json' with { type: 'json' };

const SHOTS = process.env.PKG_DEMO_SHOTS_DIR ?? '/tmp/pkg-demo-shots';
type Texts = typeof en;

async function screen(page: Page, testInfo: TestInfo, name: string, include?: string): Promise<void> {
  await expectCleanScreen(page, name, include ? { include } : {});
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${testInfo.project.name}.png` });
}

test('the demo account sees the sample package, its demo label and the disabled export', async ({ page }, testInfo) => {
  const phone = isPhone(testInfo);
  const L = (phone ? de : en) as unknown as Texts;
  const T = L.packages;
  await signIn(page, 'trial', { language: phone ? 'de' : 'en' });

  // The package builder from the menu: the demo notice, the sample package alone, nothing to create.
  const nav = await openNavigation(page, testInfo, { open: L.shell.openMenu, nav: L.shell.mainNavigation, sheet: L.shell.menuTitle });
  await nav.getByRole('link', { name: L.nav.packageBuilder, exact: true }).click();
  await expect(page).toHaveURL(/\/package-builder\/?$/);
  await waitForIslands(page);
  await expect(page.getByTestId('package-demo-notice')).toContainText(T.demo.listNotice);
  await expect(page.getByTestId('package-create')).toHaveCount(0);
  const rows = page.getByTestId('package-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-package-id', String(DEMO_PACKAGE_ID));
  await expect(rows.first().getByTestId('package-demo-badge')).toHaveText(T.demo.label);
  const title = phone ? 'Beispielpaket (Demo)' : 'Sample package (demo)';
  await expect(rows.first().getByRole('link', { name: title })).toBeVisible();
  await screen(page, testInfo, 'pkg-demo-01-list');

  // The sample package: the demo id in the URL, the label and the notice, three variations.
  await rows.first().getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/package-builder/results/${DEMO_PACKAGE_ID}$`));
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByTestId('package-demo-badge')).toHaveText(T.demo.label);
  await expect(page.getByTestId('package-demo-notice')).toContainText(T.demo.resultsNotice);
  await expect(page.getByTestId('package-status')).toHaveText(T.status.done);
  await expect(page.getByTestId('variation-card')).toHaveCount(3);
  await screen(page, testInfo, 'pkg-demo-02-results');

  // A variation: its export is off, and says why.
  const card = page.getByTestId('variation-card').first();
  await expect(card.getByRole('heading', { level: 3 })).toHaveText('Classical Regulars');
  await card.getByTestId('variation-open').click();
  await expect(page).toHaveURL(new RegExp(`/package-builder/results/${DEMO_PACKAGE_ID}/classical-regulars$`));
  const detail = page.getByTestId(phone ? 'variation-detail-page' : 'variation-drawer');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('variation-customers')).toHaveText(phone ? '1.840' : '1,840');
  const csv = detail.getByTestId('variation-csv');
  await expect(csv).toBeDisabled();
  await expect(detail.getByTestId('variation-export-demo')).toHaveText(T.demo.exportDisabled);
  // The External CRM button shows only where a supported CRM secret exists (spec 3 §6); then it is off too.
  const crm = detail.getByTestId('variation-crm');
  if (await crm.count()) await expect(crm).toBeDisabled();
  await detail.getByTestId('variation-export-demo').scrollIntoViewIfNeeded();
  await screen(page, testInfo, 'pkg-demo-03-variation', phone ? undefined : '[data-testid="variation-drawer"]');

  // The server refuses what the disabled button would ask for (ARCHITECTURE §3 body, not a 500).
  const refused = await page.request.get(`/api/v3/package_builder/packages/${DEMO_PACKAGE_ID}/classical-regulars/customer_list?name=Demo`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error_code).toBe('error.packages.demo_export_disabled');

  // The wizard is replaced by the demo notice, which leads back to the sample.
  await page.goto('/package-builder/create');
  await waitForIslands(page);
  const notice = page.getByTestId('package-demo-create');
  await expect(notice).toContainText(T.demo.createDisabled);
  await expect(page.getByTestId('package-next')).toHaveCount(0);
  await notice.getByRole('link', { name: T.demo.openSample }).click();
  await expect(page).toHaveURL(new RegExp(`/package-builder/results/${DEMO_PACKAGE_ID}$`));
});

// spec 3 §2 "Customer detail", "Routes": the customer page /sentinel/results/{id} on narrow screens
// (header, stats, profile with copy buttons, visited events 10 a page with the cancelled-ticket
// tooltip, custom properties only when there are any, back link), its hand-over to the Sentinel
// drawer URL when the window is or grows wide, and the inline error of an unknown customer.
// The customer is one of the demo partner's, found through the API, and everything asserted is
// read from the same API answers (not from the seed's draws).
import type { Page } from '@playwright/test';
import type { CustomerDetail, CustomerSalesSummary } from '../../src/lib/contracts/nlq';
import { test, expect } from './fixtures';
import type { ApiSession } from './api';
import { isPhone, signIn, waitForIslands } from './helpers';
import de from '../../public/locales/de/common.json' with { type: 'json' };

const T = de.customer;

interface Found {
  customer: CustomerDetail;
  sales: CustomerSalesSummary;
}

/**
 * A customer of partner 1001 with more than one page of visited events and a zero amount among
 * them (a cancelled ticket). Customer ids are the seed's sequence: the first ones are 1001's.
 */
async function findCustomer(api: ApiSession): Promise<Found> {
  for (let id = 1; id <= 2000; id++) {
    const res = await api.call('GET', `/api/v3/customers/sales_summary/${id}`);
    if (res.status() !== 200) continue;
    const sales = ((await res.json()) as { data: CustomerSalesSummary }).data;
    const visited = sales.sales_per_event.filter((e) => !e.upcoming);
    if (visited.length <= 10 || !visited.some((e) => e.total_spent === 0)) continue;
    const customer = (await api.json<{ data: CustomerDetail }>('GET', `/api/v3/customers/${id}`)).data;
    return { customer, sales };
  }
  throw new Error('no demo customer with more than 10 events and a cancelled ticket');
}

let found: Found | undefined;
const customerOf = async (api: ApiSession) => (found ??= await findCustomer(api));

const day = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const euro = (n: number) => new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 }).format(n);

async function openPage(page: Page, id: string) {
  await page.goto(`/sentinel/results/${id}`);
  await waitForIslands(page);
}

test.describe('customer detail page', () => {
  test('shows the customer, copies a value and pages the visited events', async ({ page, adminApi, context }, testInfo) => {
    test.setTimeout(90_000);
    const { customer, sales } = await customerOf(adminApi);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page is the narrow screens' view; on the desktop project the window starts narrow.
    if (!isPhone(testInfo)) await page.setViewportSize({ width: 900, height: 900 });
    await signIn(page, 'admin', { language: 'de' });
    await openPage(page, customer.id);
    const detail = page.locator(`article[data-customer-id="${customer.id}"]`);

    // Header and stats.
    const name = [customer.first_name, customer.last_name].filter(Boolean).join(' ') || T.header.unnamed.replace('{{id}}', customer.id);
    // On its own page the name is the page's h1 (the drawer's dialog has it as h2).
    await expect(detail.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(detail.getByTestId('customer-first-purchase')).toHaveText(T.header.firstPurchase.replace('{{date}}', day(sales.oldest_ticket.ticket_date!)));
    if (customer.city) await expect(detail.locator('header')).toContainText(customer.city);
    await expect(detail.locator('[data-stat="events"] dd')).toHaveText(String(sales.global_revenue.total_events));
    await expect(detail.locator('[data-stat="revenue"] dd')).toHaveText(euro(sales.global_revenue.total_purchase_value));

    // Profile: the id with its copy button and the 2 s confirmation.
    const idRow = detail.locator('[data-field="id"]');
    await expect(idRow.locator('dd')).toContainText(customer.id);
    await idRow.getByRole('button', { name: `${T.profile.id} kopieren` }).click();
    await expect(idRow.getByRole('status')).toHaveText(T.copy.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(customer.id);
    await expect(idRow.getByRole('status')).toHaveText('', { timeout: 4_000 });
    await expect(detail.locator('[data-field="adsOptOut"] dd')).toContainText(customer.ads_opt_out ? de.sentinel.values.boolean.true : de.sentinel.values.boolean.false);
    if (customer.email) await expect(detail.locator('[data-field="email"] a')).toHaveAttribute('href', `mailto:${customer.email}`);
    // Collapsible.
    const toggle = detail.getByRole('button', { name: T.profile.title });
    await toggle.click();
    await expect(idRow).toBeHidden();
    await toggle.click();
    await expect(idRow).toBeVisible();

    // Visited events (held ones only; tickets for events to come are upcoming): newest first, 10 a page.
    const visited = sales.sales_per_event.filter((e) => !e.upcoming);
    const events = detail.getByRole('region', { name: T.events.title });
    const rows = events.locator('tbody tr');
    await expect(rows).toHaveCount(10);
    const first = visited[0]!;
    await expect(rows.first()).toContainText(day(first.event_date));
    await expect(rows.first()).toContainText(first.title);
    const pages = Math.ceil(visited.length / 10);
    await expect(events.getByText(T.events.page.replace('{{page}}', '1').replace('{{pages}}', String(pages)))).toBeVisible();
    await events.getByRole('button', { name: T.events.next }).click();
    await expect(events.getByText(T.events.page.replace('{{page}}', '2').replace('{{pages}}', String(pages)))).toBeVisible();
    await expect(rows.first()).toContainText(visited[10]!.title);

    // A zero amount explains itself (the page holding the first one).
    const zeroAt = visited.findIndex((e) => e.total_spent === 0);
    const zeroPage = Math.floor(zeroAt / 10) + 1;
    for (let p = 2; p > zeroPage; p--) await events.getByRole('button', { name: T.events.previous }).click();
    for (let p = 2; p < zeroPage; p++) await events.getByRole('button', { name: T.events.next }).click();
    const zero = events.getByTestId('cancelled-amount').first();
    await zero.focus();
    await expect(page.getByRole('tooltip')).toHaveText(T.events.cancelledTooltip);

    // Custom properties only when there are any.
    const properties = detail.getByRole('region', { name: T.properties.title });
    if (customer.custom_properties.length) await expect(properties.locator('dt').first()).toHaveText(customer.custom_properties[0]!.label);
    else await expect(properties).toHaveCount(0);

    await page.screenshot({ path: testInfo.outputPath(`customer-page-${testInfo.project.name}.png`), fullPage: true });
    await expect(page.getByRole('link', { name: T.back })).toHaveAttribute('href', '/sentinel');
  });

  test('shows the error and no detail for a customer that is not the partner’s', async ({ page }, testInfo) => {
    if (!isPhone(testInfo)) await page.setViewportSize({ width: 900, height: 900 });
    await signIn(page, 'admin', { language: 'de' });
    await openPage(page, '999999999');
    await expect(page.getByTestId('customer-error')).toHaveText(de.common.serverErrors.error.common.notFound);
    await expect(page.locator('article[data-customer-id]')).toHaveCount(0);
  });
});

test.describe('wide screens', () => {
  test('the page hands over to the Sentinel drawer URL when the window grows wide', async ({ page, adminApi }, testInfo) => {
    test.skip(isPhone(testInfo), 'a phone does not grow to 992 px');
    const { customer } = await customerOf(adminApi);
    await page.setViewportSize({ width: 900, height: 900 });
    await signIn(page, 'admin', { language: 'de' });
    await openPage(page, customer.id);
    await expect(page).toHaveURL(new RegExp(`/sentinel/results/${customer.id}$`));
    await page.setViewportSize({ width: 1440, height: 900 });
    // The hand-over is a navigation to the Sentinel page: on a loaded machine its server answer
    // can take longer than the 5 s default.
    await expect(page).toHaveURL((url) => url.pathname === '/sentinel/' && url.searchParams.get('drawer-open') === 'true' && url.searchParams.get('result-id') === customer.id, { timeout: 20_000 });
  });

  test('a wide window opening the page goes to the drawer URL at once', async ({ page, adminApi }, testInfo) => {
    test.skip(isPhone(testInfo), 'the phone stays on the page');
    const { customer } = await customerOf(adminApi);
    await signIn(page, 'admin', { language: 'de' });
    await page.goto(`/sentinel/results/${customer.id}`);
    await expect(page).toHaveURL((url) => url.pathname === '/sentinel/' && url.searchParams.get('result-id') === customer.id);
  });

  test('the drawer URL opens the customer in the Sentinel page’s drawer, which closes back to the page', async ({ page, adminApi }, testInfo) => {
    test.skip(isPhone(testInfo), 'phones get the page');
    const { customer, sales } = await customerOf(adminApi);
    await signIn(page, 'admin', { language: 'de' });
    await page.goto(`/sentinel/?drawer-open=true&result-id=${customer.id}`);
    await waitForIslands(page);
    const drawer = page.getByRole('dialog', { name: T.drawerTitle });
    await expect(drawer.locator(`article[data-customer-id="${customer.id}"]`)).toBeVisible();
    await expect(drawer.locator('[data-stat="tickets"] dd')).toHaveText(new Intl.NumberFormat('de-DE').format(sales.global_revenue.total_tickets));
    await expect(drawer.getByRole('region', { name: T.events.title }).locator('tbody tr')).toHaveCount(10);
    await page.screenshot({ path: testInfo.outputPath('customer-drawer-desktop.png') });
    await drawer.getByRole('button', { name: T.close }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL((url) => url.pathname === '/sentinel/' && !url.searchParams.has('result-id'));
  });
});

test.describe('from an answer', () => {
  test('a customer row opens the detail: the drawer on wide screens, the page on phones', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signIn(page, 'admin', { language: 'de' });
    await page.goto('/sentinel');
    await waitForIslands(page);
    await page.getByLabel(de.sentinel.question.label, { exact: true }).fill('Top 10 Kunden nach Umsatz');
    await page.getByRole('radio', { name: de.sentinel.question.outcomes.customers }).check();
    await page.getByTestId('sentinel-ask').click();
    const row = page.getByTestId('sentinel-row').first();
    await expect(row).toBeVisible({ timeout: 60_000 });
    // Not the selection cell: that one selects.
    await row.locator('td').nth(2).click();
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL(/\/sentinel\/results\/\d+$/);
      const id = new URL(page.url()).pathname.split('/').pop()!;
      await expect(page.locator(`article[data-customer-id="${id}"]`)).toBeVisible();
      await expect(page.getByRole('region', { name: T.events.title }).locator('tbody tr').first()).toBeVisible();
    } else {
      await expect(page).toHaveURL((url) => url.searchParams.get('drawer-open') === 'true' && /^\d+$/.test(url.searchParams.get('result-id') ?? ''));
      const id = new URL(page.url()).searchParams.get('result-id')!;
      const drawer = page.getByRole('dialog', { name: T.drawerTitle });
      await expect(drawer.locator(`article[data-customer-id="${id}"]`)).toBeVisible();
      await expect(drawer.getByRole('region', { name: T.events.title }).locator('tbody tr').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('customer-drawer-from-row.png') });
    }
  });
});

// spec 3 "Simulation (add one event)": the form's rules in the browser (danger box and field
// messages), one event per date block with a '-sim-' id and source manual, the product variant,
// the notice and the return to / after 2 s, and the permission guard.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { serverDate } from './clock';
import { expect, test } from './fixtures';
import type { EventList } from '../../src/lib/contracts/events';
import { earliestDate } from '../../src/lib/contracts/event-form';
import { enText, isPhone, signIn, waitForIslands } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

/** `n` days after the earliest date the form takes (by the server's today: ENCORE_NOW may move it). */
const inDays = (n: number) => {
  const d = new Date(`${earliestDate(undefined, serverDate())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** The editor's date field shows and takes DD.MM.YYYY (spec 3 §9). */
const display = (iso: string) => iso.split('-').reverse().join('.');

async function openSimulation(page: Page) {
  await page.goto('/simulation');
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: enText('simulation.title') })).toBeVisible();
}

async function fillBlock(page: Page, n: number, v: { date: string; time: string; city: string; venue: string; hall: string; capacity: string; price: string }) {
  const block = page.getByRole('group', { name: `Date ${n}` });
  await block.getByLabel('Date', { exact: true }).fill(display(v.date));
  await block.getByLabel('Date', { exact: true }).press('Tab');
  await block.getByLabel('Start time').selectOption(v.time);
  await block.getByLabel('City', { exact: true }).fill(v.city);
  await block.getByLabel('Venue', { exact: true }).fill(v.venue);
  await block.getByLabel('Hall', { exact: true }).fill(v.hall);
  await block.getByLabel('Capacity', { exact: true }).fill(v.capacity);
  await block.getByLabel(/Average ticket price/).fill(v.price);
}

async function eventsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/v3/events/?q=${encodeURIComponent(name)}&include_archived=true`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as EventList).items.filter((i) => i.title === name);
}

test.describe('simulation', () => {
  test.beforeEach(() => {
    test.slow(); // form filling, an axe scan and page loads, on a shared machine
  });

  test('shows the rules in a danger box and at the fields', async ({ page }, testInfo) => {
    await signIn(page, 'admin');
    await openSimulation(page);
    await page.getByRole('button', { name: enText('simulation.submit') }).click();
    await expect(page.getByRole('alert')).toContainText(enText('common.errors.fillRequired'));
    await expect(page.getByLabel('Event name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(enText('eventEdit.errors.required')).first()).toBeVisible();
    await expect(page.getByLabel('Date', { exact: true })).toHaveAttribute('placeholder', 'DD.MM.YYYY');

    await page.getByLabel('Event name').fill('Rules check');
    await page.getByLabel('Category', { exact: true }).selectOption('symphony');
    await fillBlock(page, 1, { date: inDays(-1), time: '19:30', city: 'x'.repeat(35), venue: 'V', hall: 'H', capacity: '10.5', price: '-1' });
    await page.getByRole('button', { name: enText('eventEdit.addArtist') }).click();
    await page.getByRole('button', { name: enText('simulation.submit') }).click();
    await expect(page.getByRole('alert')).toContainText(enText('simulation.form.errors.invalidFields'));
    await expect(page.getByText(enText('eventEdit.errors.tooEarly'))).toBeVisible();
    await expect(page.getByText(enText('eventEdit.errors.tooLong'))).toBeVisible();
    await expect(page.getByText(enText('eventEdit.errors.decimalError'))).toBeVisible();
    await expect(page.getByText(enText('eventEdit.errors.negativeError'))).toBeVisible();
    await expect(page.getByTestId('artist-row').getByText(enText('eventEdit.errors.required'))).toHaveCount(2);
    await page.screenshot({ path: `${SHOTS}/simulation-errors-${testInfo.project.name}.png`, fullPage: true });
    expect(await eventsNamed(page, 'Rules check')).toHaveLength(0);
  });

  test('adds one manual event per date block and returns to the start page after the notice', async ({ page }, testInfo) => {
    const name = `Simulated Mahler ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, 'admin');
    await openSimulation(page);
    await page.getByLabel('Event name').fill(name);
    await page.getByLabel('Category', { exact: true }).selectOption('symphony');
    await page.getByLabel('Description', { exact: true }).fill('A what-if for next season.');
    await fillBlock(page, 1, { date: inDays(20), time: '19:30', city: 'Köln', venue: 'Philharmonie', hall: 'Großer Saal', capacity: '1800', price: '42.5' });
    await page.getByRole('button', { name: enText('eventEdit.addDate') }).click();
    await fillBlock(page, 2, { date: inDays(21), time: '18:00', city: 'Köln', venue: 'Philharmonie', hall: 'Großer Saal', capacity: '1800', price: '39' });
    await page.getByRole('button', { name: enText('eventEdit.addArtist') }).click();
    const artist = page.getByTestId('artist-row').first();
    await artist.getByLabel('Artist name').fill('Gürzenich-Orchester');
    await artist.getByLabel('Role', { exact: true }).selectOption('orchestra');
    await page.getByRole('button', { name: enText('eventEdit.addWork') }).click();
    const work = page.getByTestId('work-row').first();
    await work.getByLabel('Composer', { exact: true }).fill('Gustav Mahler');
    await work.getByLabel('Title', { exact: true }).fill('Sinfonie Nr. 2');
    await page.screenshot({ path: `${SHOTS}/simulation-filled-${testInfo.project.name}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    const started = Date.now();
    await page.getByRole('button', { name: 'Add 2 events' }).click();
    await expect(page.getByText('2 events added', { exact: true })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/dashboard', { timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    const created = await eventsNamed(page, name);
    expect(created).toHaveLength(2);
    for (const e of created) {
      expect(e.id).toContain('-sim-');
      expect(e.source).toBe('manual');
      expect(e).toMatchObject({ capacity: 1800, venue_name: 'Philharmonie', hall_name: 'Großer Saal', city: 'Köln' });
    }
    expect(created.map((e) => e.start_date_time.slice(0, 16)).sort()).toEqual([`${inDays(20)}T19:30`, `${inDays(21)}T18:00`]);
    const details = await (await page.request.get(`/api/v3/events/${created[0].id}/details`)).json();
    expect(details).toMatchObject({ description: 'A what-if for next season.', lineups: [{ artist_name: 'Gürzenich-Orchester', artist_type: 'orchestra' }], setlists: [{ artist_name: 'Gustav Mahler', track: 'Sinfonie Nr. 2' }] });
  });

  test('the product category asks only for name, category and date', async ({ page }, testInfo) => {
    const name = `Gift voucher ${testInfo.project.name} ${Date.now()}`;
    await signIn(page, 'admin');
    await openSimulation(page);
    await page.getByLabel('Category', { exact: true }).selectOption('product');
    await expect(page.getByLabel('Start time')).toHaveCount(0);
    await expect(page.getByLabel('Capacity', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: enText('eventEdit.addArtist') })).toHaveCount(0);
    await page.getByLabel('Event name').fill(name);
    await page.getByLabel('Date', { exact: true }).fill(display(inDays(5)));
    await page.getByLabel('Date', { exact: true }).press('Tab');
    if (isPhone(testInfo)) await page.screenshot({ path: `${SHOTS}/simulation-product-phone.png`, fullPage: true });
    await page.getByRole('button', { name: enText('simulation.submit') }).click();
    await expect(page.getByText('Event added', { exact: true })).toBeVisible();
    await page.waitForURL((url) => url.pathname !== '/simulation');
    const [created] = await eventsNamed(page, name);
    expect(created).toMatchObject({ category: 'product', source: 'manual' });
  });

  test('without the simulation permission the form is not offered and the API refuses', async ({ page }) => {
    await signIn(page, 'analyst');
    await page.goto('/simulation');
    await page.waitForURL((url) => url.pathname !== '/simulation');
    await expect(page.getByRole('heading', { name: enText('simulation.title') })).toHaveCount(0);
    const res = await page.request.post('/api/v3/events/?event_type=fdlive', { data: { name: 'x', category: 'product', date: inDays(5) } });
    expect(res.status()).toBe(403);
  });
});

// spec 3 "Event editor" and §4: the prefilled form, the changed flag and cancel confirmation, save
// with a toast and the return to the drawer after 1 s, the copy-from-event dialog (paged search,
// overwrite or append, the 'copied' notice for 3 s) and the product variant on /campaigns/edit.
// Every test creates its own events through the API, so the two projects never share one.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { serverDate } from './clock';
import { expect, test } from './fixtures';
import type { EventDetails, EventFormInput } from '../../src/lib/contracts/event-form';
import { earliestDate } from '../../src/lib/contracts/event-form';
import type { EventItem } from '../../src/lib/contracts/events';
import { enText, isPhone, signIn, waitForIslands } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/screens';

/** The editor's date field shows and takes DD.MM.YYYY (spec 3 §9). */
const display = (iso: string) => iso.split('-').reverse().join('.');
/** `n` days after the earliest date the form takes (by the server's today: ENCORE_NOW may move it). */
const inDays = (n: number) => {
  const d = new Date(`${earliestDate(undefined, serverDate())}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const unique = (label: string, testInfo: TestInfo) => `${label} ${testInfo.project.name} ${Date.now()}`;

async function createEvent(page: Page, over: Partial<EventFormInput> & { name: string }): Promise<EventItem> {
  const payload: EventFormInput = {
    category: 'chamber', description: 'Streichquartette', date: inDays(30), time: '20:00', city: 'Bonn', venue: 'Beethovenhaus',
    hall: 'Kammermusiksaal', capacity: 200, price: 30, lineups: [{ artist_name: 'Quatuor Ébène', artist_type: 'ensemble' }],
    setlists: [{ artist_name: 'Ludwig van Beethoven', track: 'Streichquartett op. 131' }], tz: 'UTC', status: 'RUNNING', ...over,
  };
  const res = await page.request.post(`/api/v3/events/?event_type=${payload.category === 'product' ? 'prisma' : 'fdlive'}`, { data: payload });
  expect(res.status()).toBe(200);
  const { ids } = (await res.json()) as { ids: string[] };
  return (await (await page.request.get(`/api/v3/events/${ids[0]}`)).json()) as EventItem;
}

const details = async (page: Page, id: string) => (await (await page.request.get(`/api/v3/events/${id}/details`)).json()) as EventDetails;

/**
 * Where the editor returns to (spec 3 "Routes"): the drawer of /events (a product's: of /campaigns)
 * on a wide screen, straight to the page it would hand over to on a phone. Waits for that page,
 * not a step on the way: the user's view is the end of it.
 */
async function returned(page: Page, testInfo: TestInfo, eventId: string, area: 'events' | 'campaigns') {
  if (isPhone(testInfo)) {
    await page.waitForURL((url) => url.pathname === `/${area}/${eventId}`);
  } else {
    await page.waitForURL((url) => url.pathname === `/${area}` && url.searchParams.get('drawer-open') === 'true' && url.searchParams.get('event-id') === eventId);
    await expect(page.getByRole('dialog').first()).toBeVisible();
  }
  await waitForIslands(page);
}

async function openEditor(page: Page, path: string) {
  await page.goto(path);
  await waitForIslands(page);
}

test.describe('event edit', () => {
  test.beforeEach(async ({ page }) => {
    test.slow(); // several full page loads each, on a shared machine
    await signIn(page, 'admin');
  });

  test('prefills the form; cancel without changes returns at once', async ({ page }, testInfo) => {
    const event = await createEvent(page, { name: unique('Prefill', testInfo) });
    await openEditor(page, `/events/edit/${event.eid}`);
    await expect(page.getByRole('heading', { level: 1, name: enText('eventEdit.title') })).toBeVisible();
    await expect(page.getByLabel('Event name')).toHaveValue(event.title);
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('chamber');
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Streichquartette');
    await expect(page.getByLabel('Date', { exact: true })).toHaveValue(display(inDays(30)));
    await expect(page.getByLabel('Start time')).toHaveValue('20:00');
    await expect(page.getByLabel('Hall', { exact: true })).toHaveValue('Kammermusiksaal');
    await expect(page.getByLabel('Capacity', { exact: true })).toHaveValue('200');
    await expect(page.getByTestId('artist-row').getByLabel('Artist name')).toHaveValue('Quatuor Ébène');
    await expect(page.getByRole('button', { name: enText('eventEdit.addDate') })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/event-edit-${testInfo.project.name}.png`, fullPage: true });
    const axe = await new AxeBuilder({ page }).include('main').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await page.getByRole('button', { name: enText('eventEdit.cancel') }).click();
    await expect(page.getByRole('dialog', { name: enText('eventEdit.cancelConfirm.title') })).toHaveCount(0);
    await returned(page, testInfo, event.id, 'events');
  });

  test('asks before discarding changes, saves with a toast and returns to the drawer after 1 s', async ({ page }, testInfo) => {
    const event = await createEvent(page, { name: unique('Save', testInfo) });
    await openEditor(page, `/events/edit/${event.eid}`);
    const renamed = `${event.title} (renamed)`;
    // The prefilled name first: a fill before the form has its values was appended to (CI, phone).
    await expect(page.getByLabel('Event name')).toHaveValue(event.title);
    await page.getByLabel('Event name').fill(renamed);
    await page.getByRole('button', { name: enText('eventEdit.cancel') }).click();
    const confirm = page.getByRole('dialog', { name: enText('eventEdit.cancelConfirm.title') });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: enText('eventEdit.cancelConfirm.keep') }).click();
    await expect(confirm).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`/events/edit/${event.eid}`);

    await page.getByLabel('Capacity', { exact: true }).fill('-5');
    await page.getByRole('button', { name: enText('eventEdit.save') }).click();
    await expect(page.getByTestId('form-error')).toContainText(enText('simulation.form.errors.invalidFields'));
    await page.getByLabel('Capacity', { exact: true }).fill('250');
    await page.getByLabel('Start time').selectOption('19:30');

    const started = Date.now();
    await page.getByRole('button', { name: enText('eventEdit.save') }).click();
    await expect(page.getByText(enText('eventEdit.saved'), { exact: true })).toBeVisible();
    await page.waitForURL((url) => !url.pathname.includes('/edit'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    await returned(page, testInfo, event.id, 'events');
    expect(await details(page, event.id)).toMatchObject({ name: renamed, capacity: 250, time: '19:30' });
  });

  test('copies artists and programme from another event: append, then overwrite', async ({ page }, testInfo) => {
    const source = await createEvent(page, {
      name: unique('Copy source', testInfo),
      description: 'Source description',
      lineups: [{ artist_name: 'Anne-Sophie Mutter', artist_type: 'soloist' }, { artist_name: 'Kent Nagano', artist_type: 'conductor' }],
      setlists: [{ artist_name: 'Johannes Brahms', track: 'Violinkonzert D-Dur' }],
    });
    const target = await createEvent(page, { name: unique('Copy target', testInfo) });
    await openEditor(page, `/events/edit/${target.eid}`);

    const open = async () => {
      await page.getByRole('button', { name: enText('eventEdit.copy.open') }).click();
      const dialog = page.getByRole('dialog', { name: enText('eventEdit.copy.title') });
      await expect(dialog.getByRole('button', { name: enText('eventEdit.copy.copy'), exact: true })).toBeDisabled();
      await dialog.getByLabel(enText('eventEdit.copy.search')).fill(source.title);
      await dialog.getByRole('radio', { name: new RegExp(source.title) }).check();
      return dialog;
    };

    let dialog = await open();
    await expect(dialog.getByText(/Page 1 of 1/)).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/event-edit-copy-${testInfo.project.name}.png` });
    await dialog.getByRole('button', { name: enText('eventEdit.copy.copy'), exact: true }).click();
    const choice = page.getByRole('dialog', { name: enText('eventEdit.copy.confirmTitle') });
    await choice.getByRole('button', { name: enText('eventEdit.copy.append') }).click();
    await expect(page.getByTestId('artist-row')).toHaveCount(3);
    await expect(page.getByTestId('work-row')).toHaveCount(2);
    const notice = page.getByRole('status').filter({ hasText: `Copied from ${source.title}` });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveCount(0, { timeout: 5000 });

    dialog = await open();
    await dialog.getByRole('button', { name: enText('eventEdit.copy.copy'), exact: true }).click();
    await page.getByRole('dialog', { name: enText('eventEdit.copy.confirmTitle') }).getByRole('button', { name: enText('eventEdit.copy.overwrite') }).click();
    await expect(page.getByTestId('artist-row')).toHaveCount(2);
    await expect(page.getByTestId('artist-row').first().getByLabel('Artist name')).toHaveValue('Anne-Sophie Mutter');
    await expect(page.getByTestId('work-row')).toHaveCount(1);
    await expect(page.getByLabel('Description', { exact: true })).toHaveValue('Source description');

    await page.getByRole('button', { name: enText('eventEdit.save') }).click();
    await returned(page, testInfo, target.id, 'events');
    expect((await details(page, target.id)).lineups.map((l) => l.artist_name)).toEqual(['Anne-Sophie Mutter', 'Kent Nagano']);
  });

  test('the product variant on /campaigns/edit shows name, category and date and returns to /campaigns', async ({ page }, testInfo) => {
    const product = await createEvent(page, { name: unique('Voucher', testInfo), category: 'product' });
    await openEditor(page, `/campaigns/edit/${product.eid}?from=wave`);
    await expect(page.getByRole('heading', { level: 1, name: enText('eventEdit.titleWave') })).toBeVisible();
    await expect(page.getByLabel('Event name')).toHaveValue(product.title);
    await expect(page.getByLabel('Start time')).toHaveCount(0);
    await expect(page.getByLabel('Description', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: enText('eventEdit.copy.open') })).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/campaign-edit-${testInfo.project.name}.png`, fullPage: true });

    // spec 3 §9: DD.MM.YYYY; a text that is no day says so and the previous day comes back.
    const date = page.getByLabel('Date', { exact: true });
    const shown = await date.inputValue();
    expect(shown).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    await date.fill('31.02.2030');
    await date.press('Tab');
    await expect(page.getByRole('alert').filter({ hasText: enText('eventEdit.fields.dateInvalid') })).toBeVisible();
    await expect(date).toHaveValue(shown);

    await date.fill(display(inDays(-2)));
    await date.press('Tab');
    await page.getByRole('button', { name: enText('eventEdit.saveWave') }).click();
    await expect(page.getByText(enText('eventEdit.errors.tooEarly'))).toBeVisible();
    await date.fill(display(inDays(40)));
    await date.press('Tab');
    await page.getByRole('button', { name: enText('eventEdit.saveWave') }).click();
    await returned(page, testInfo, product.id, 'campaigns');
    expect((await details(page, product.id)).date).toBe(inDays(40));
  });

  test('an unknown event is not found', async ({ page }) => {
    await page.goto('/events/edit/E9999-NOPE');
    await expect(page).toHaveURL(/\/404\?reason=EVENT404/);
  });
});

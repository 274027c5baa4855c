// spec 2 §5 Media files, §7 Media upload in the wizard's Ads step: the dropzone loads on first
// use, checks files in the browser (a tall PNG above 1080×1920 never leaves it), uploads the rest
// with X-Upload-Type media, shows the server's refusal of a fake video, retries a failed upload,
// follows the remove rule of an unpublished setup, and the autosave keeps the uploaded media.
// Each project works on an event of its own with its own taste-cluster run and setup.
import type { Locator, Page, TestInfo } from '@playwright/test';
import type { ItcStatusResponse, SuggestedTc } from '../../src/lib/contracts/taste-clusters';
import type { SetupProcess } from '../../src/lib/contracts/setup-process';
import { expect, extendTimeout, test } from './fixtures';
import { enText, isPhone, signIn } from './helpers';
import { serverDay } from './clock';
import type { ApiSession } from './api';
import { png } from '../helpers/media-fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, testInfo: TestInfo, name: string, focus?: Locator): Promise<void> {
  if (!SHOTS) return;
  await focus?.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/${testInfo.project.name}-${name}.png`, fullPage: false });
}

/** A finished taste-cluster run and a setup of its first cluster, saved at the Ads step. */
async function setupAtAdsStep(api: ApiSession, eventId: string, eventDay: string): Promise<SetupProcess> {
  await api.json<ItcStatusResponse>('POST', `/api/v3/airflow_dag/${eventId}/itc_generator`, {});
  await expect
    .poll(async () => (await api.json<ItcStatusResponse>('GET', `/api/v3/airflow_dag/${eventId}/itc_generator`)).status, { timeout: 110_000, intervals: [1000] })
    .toBe('success');
  const [first] = await api.json<SuggestedTc[]>('GET', `/api/campaign/events/${eventId}/suggested_tcs?budget=1000&goal=UTILIZATION`);
  expect(first).toBeTruthy();
  const dayBefore = new Date(Date.parse(`${eventDay}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await api.json('POST', `/api/v3/setup_processes/${eventId}`, {
    goal: 'UTILIZATION',
    total_budget: 1000,
    start_date: serverDay(2),
    end_date: dayBefore,
    creatives: [{ tc: first!.tc, tc_run_id: first!.tc_run_id }],
  });
  return api.json<SetupProcess>('PUT', `/api/v3/setup_processes/${eventId}`, { wizard: { current_step: 3, current_completed_step: 2, preview_viewed: false } });
}

async function openWizard(page: Page, testInfo: TestInfo, eventId: string) {
  await page.goto(isPhone(testInfo) ? `/campaigns/${eventId}` : `/campaigns?drawer-open=true&event-id=${eventId}`);
  await page.waitForLoadState('load');
  await expect(page.locator('astro-island[ssr]')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('ads-step')).toBeVisible({ timeout: 15_000 });
  return page.getByRole('region', { name: enText('campaigns.wizard.media.label') });
}

const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

test.describe('campaign media', () => {
  test('checks, uploads, refuses, retries and keeps the media of a creative', async ({ page, salesEvent: event, adminApi }, testInfo) => {
    extendTimeout(180_000);
    await setupAtAdsStep(adminApi, event.id, event.date);
    await signIn(page, 'admin');
    const dropzoneChunks: string[] = [];
    page.on('request', (r) => /MediaDropzone/.test(r.url()) && dropzoneChunks.push(r.url()));
    let field = await openWizard(page, testInfo, event.id);

    // The light field: no dropzone code loaded until it is used.
    await expect(field.getByText(enText('campaigns.wizard.media.prompt'))).toBeVisible();
    expect(dropzoneChunks).toEqual([]);
    await shot(page, testInfo, 'media-empty', field);

    // The first complete of a medium fails once (a dropped connection): the file can be retried.
    let failNext = true;
    await page.route('**/api/v3/storage/multipart-upload', async (route) => {
      // Only the PNG's completion (its object key carries the file name): the two files upload in
      // parallel, and whichever finished first used to take the failure.
      if (route.request().method() === 'PUT' && failNext && (route.request().postData() ?? '').includes('Plakat')) {
        failNext = false;
        return route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'unavailable', error_code: 'error.server.unavailable' }) });
      }
      return route.fallback();
    });
    const uploads: string[] = [];
    page.on('request', (r) => r.url().includes('/api/v3/storage/multipart-upload') && r.method() === 'POST' && uploads.push(r.headers()['x-upload-type'] ?? ''));

    await field.getByLabel(enText('campaigns.wizard.media.inputLabel')).setInputFiles([
      file('Plakat.png', 'image/png', png(1200, 628)),
      file('Story zu groß.png', 'image/png', png(1081, 1921)),
      file('clip.mp4', 'video/mp4', Buffer.from('this is not a video at all, only text pretending to be one')),
    ]);
    await expect.poll(() => dropzoneChunks.length).toBeGreaterThan(0);
    field = page.getByRole('region', { name: enText('campaigns.wizard.media.label') });
    const list = field.getByRole('list', { name: enText('campaigns.wizard.media.listLabel') });
    const item = (name: string) => list.getByRole('listitem').filter({ hasText: name });

    // Checked in the browser: the tall image above 1080×1920 is refused before any upload.
    await expect(item('Story zu groß.png')).toContainText('Story images can be at most 1080 × 1920 pixels.');
    // The fake video passes the browser (it cannot read it) and is refused by the server's magic-byte check.
    await expect(item('clip.mp4')).toContainText(enText('common.errors.fileFormat'), { timeout: 15_000 });
    // The PNG failed once and is offered again.
    await expect(item('Plakat.png')).toContainText(enText('campaigns.wizard.media.status.UPLOAD_FAILED'), { timeout: 15_000 });
    await shot(page, testInfo, 'media-problems', list);
    await item('Plakat.png').getByRole('button', { name: 'Upload Plakat.png again' }).click();
    await expect(item('Plakat.png')).toContainText(enText('campaigns.wizard.media.status.SUCCESS'), { timeout: 15_000 });
    await expect(item('Plakat.png')).toContainText('1200 × 628');
    await expect(item('Plakat.png').locator('img')).toHaveAttribute('src', /^\/api\/v3\/storage\/media\/[0-9a-f-]{36}$/);
    expect(uploads.every((h) => h === 'media')).toBe(true);
    expect(uploads.length).toBeGreaterThanOrEqual(2);

    // The last good medium of an unpublished setup cannot be removed; the refused ones can.
    await expect(item('Plakat.png').getByRole('button', { name: 'Remove Plakat.png' })).toHaveCount(0);
    const saved = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes(`/api/v3/setup_processes/${event.id}`) && (r.postData() ?? '').includes('Plakat.png'));
    await item('clip.mp4').getByRole('button', { name: 'Remove clip.mp4' }).click();
    await item('Story zu groß.png').getByRole('button', { name: 'Remove Story zu groß.png' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await shot(page, testInfo, 'media-uploaded', list);

    // A second medium makes both removable.
    await field.getByLabel(enText('campaigns.wizard.media.inputLabel')).setInputFiles([file('Quer.png', 'image/png', png(1080, 1080, [200, 80, 40]))]);
    await expect(item('Quer.png')).toContainText(enText('campaigns.wizard.media.status.SUCCESS'), { timeout: 15_000 });
    await expect(item('Plakat.png').getByRole('button', { name: 'Remove Plakat.png' })).toBeVisible();

    // Autosaved with the setup: after a reload the media are there, served by the media URL.
    await saved;
    await expect
      .poll(async () => (await adminApi.json<SetupProcess>('GET', `/api/v3/setup_processes/${event.id}`)).creatives[0]!.media.map((m) => m.name), { timeout: 10_000 })
      .toEqual(['Plakat.png', 'Quer.png']);
    const stored = (await adminApi.json<SetupProcess>('GET', `/api/v3/setup_processes/${event.id}`)).creatives[0]!.media;
    expect(stored.map((m) => [m.index, m.width, m.height, m.status])).toEqual([
      [0, 1200, 628, 'SUCCESS'],
      [1, 1080, 1080, 'SUCCESS'],
    ]);
    const served = await page.request.get(stored[0]!.url);
    expect(served.headers()['content-type']).toBe('image/png');
    field = await openWizard(page, testInfo, event.id);
    await expect(field.getByRole('listitem')).toHaveCount(2);
    await shot(page, testInfo, 'media-reloaded', field);

    // Drag and drop nine more onto the zone: ten fit, the eleventh is cut with a notice, and
    // adding is closed.
    const zone = field.getByTestId('media-dropzone');
    const dropped = await page.evaluateHandle((pngBase64) => {
      const bytes = Uint8Array.from(atob(pngBase64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      for (let i = 1; i <= 9; i++) dt.items.add(new File([bytes], `Motiv ${i}.png`, { type: 'image/png' }));
      return dt;
    }, png(600, 400).toString('base64'));
    await zone.dispatchEvent('dragenter', { dataTransfer: dropped });
    await zone.dispatchEvent('drop', { dataTransfer: dropped });
    await expect(field.getByRole('alert').filter({ hasText: 'Only 10 files fit: 1 file was left out.' })).toBeVisible();
    await expect(field.getByRole('listitem')).toHaveCount(10);
    await expect(field.getByRole('listitem').filter({ hasText: enText('campaigns.wizard.media.status.SUCCESS') })).toHaveCount(10, { timeout: 30_000 });
    await expect(field.getByText('10 of 10')).toBeVisible();
    await shot(page, testInfo, 'media-full', zone);
    await expect(field.getByRole('button', { name: enText('campaigns.wizard.media.browse') })).toBeDisabled();
    await expect
      .poll(async () => (await adminApi.json<SetupProcess>('GET', `/api/v3/setup_processes/${event.id}`)).creatives[0]!.media.length, { timeout: 10_000 })
      .toBe(10);
  });
});

// Issue 20 §2.5: one setup open in two tabs. Both load it; tab A saves a change; tab B's change was
// made on the older version, so the server refuses it (409 error.setup.stale_version) and tab B
// says "Changed in another tab or by someone else" instead of "Saved just now" — nothing of A's
// is overwritten — and offers to load the latest, which shows A's choice and saves again.
// An edge case: Meta and the clusters are prepared through the API (campaign-prep.ts).
import type { SetupProcess } from '../../src/lib/contracts/setup-process';
import { connectMetaAndClusters, openRecommendations } from './campaign-prep';
import { expect, extendTimeout, test } from './fixtures';
import { enText, signIn } from './helpers';

test('two tabs on one setup: the stale tab is told and loads the latest, nothing is overwritten', async ({ page, context, salesEvent: event, adminApi }, testInfo) => {
  extendTimeout(240_000);
  await connectMetaAndClusters(adminApi, event.id);
  const path = `/api/v3/setup_processes/${encodeURIComponent(event.id)}`;
  await signIn(page, 'admin');

  // Tab A starts the setup and reaches Accounts; its first saves land.
  const a = await openRecommendations(page, testInfo, event.id);
  await expect(a.getByTestId('start-setup')).toBeEnabled({ timeout: 20_000 });
  await a.getByTestId('start-setup').click();
  const wizardA = a.getByTestId('setup-wizard');
  await expect(wizardA).toHaveAttribute('data-step', '2');
  await expect(wizardA.getByTestId('asset-facebook.ad_account')).not.toHaveValue('');
  await expect(wizardA.getByTestId('save-note')).toHaveText(enText('campaigns.wizard.autosave.savedNow'), { timeout: 10_000 });

  // Tab B opens the same setup at the same step.
  const pageB = await context.newPage();
  const b = await openRecommendations(pageB, testInfo, event.id);
  const wizardB = b.getByTestId('setup-wizard');
  await expect(wizardB).toHaveAttribute('data-step', '2', { timeout: 20_000 });
  await expect(wizardB.getByTestId('asset-facebook.ad_account')).not.toHaveValue('');
  const loaded = await adminApi.json<SetupProcess>('GET', path);

  // A chooses a pixel and a conversion: saved.
  const pixelA = wizardA.getByTestId('asset-facebook.pixel');
  const pixelId = await pixelA.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
  await pixelA.selectOption(pixelId);
  await wizardA.getByTestId('conversion').selectOption({ index: 1 });
  const conversionId = await wizardA.getByTestId('conversion').inputValue();
  await expect(wizardA.getByTestId('save-note')).toHaveText(enText('campaigns.wizard.autosave.savedNow'), { timeout: 10_000 });
  await expect.poll(async () => (await adminApi.json<SetupProcess>('GET', path)).conversion_id).toBe(conversionId);
  const afterA = await adminApi.json<SetupProcess>('GET', path);
  expect(afterA.version).toBeGreaterThan(loaded.version);

  // B, still on the older version, chooses the pixel too: refused, and B says so (not "Saved just now").
  await pageB.bringToFront();
  await wizardB.getByTestId('asset-facebook.pixel').selectOption(pixelId);
  const note = wizardB.getByTestId('save-note');
  await expect(note).toHaveAttribute('data-state', 'stale', { timeout: 10_000 });
  await expect(note).toHaveAttribute('role', 'alert');
  await expect(note).toContainText(enText('campaigns.wizard.autosave.stale'));
  await expect(note).not.toContainText(enText('campaigns.wizard.autosave.savedNow'));
  // Nothing of A's was overwritten.
  const afterB = await adminApi.json<SetupProcess>('GET', path);
  expect(afterB).toMatchObject({ version: afterA.version, conversion_id: conversionId, integration_details: afterA.integration_details });
  // Next waits while B's change is unsaved.
  await expect(wizardB.getByTestId('wizard-next')).toBeDisabled();

  // B loads the latest: A's pixel and conversion are shown, and B's next change saves.
  await note.getByTestId('reload-setup').click();
  await expect(wizardB).toHaveAttribute('data-step', '2', { timeout: 20_000 });
  await expect(wizardB.getByTestId('asset-facebook.pixel')).toHaveValue(pixelId!);
  await expect(wizardB.getByTestId('conversion')).toHaveValue(conversionId);
  await expect(wizardB.getByTestId('save-note')).not.toHaveAttribute('data-state', 'stale');
  const other = await wizardB.getByTestId('conversion').locator('option:not([value=""])').evaluateAll((os, cur) => (os as HTMLOptionElement[]).map((o) => o.value).find((v) => v !== cur) ?? null, conversionId);
  expect(other, 'the sandbox pixel offers a second conversion').not.toBeNull();
  await wizardB.getByTestId('conversion').selectOption(other!);
  await expect(wizardB.getByTestId('save-note')).toHaveText(enText('campaigns.wizard.autosave.savedNow'), { timeout: 10_000 });
  await expect.poll(async () => (await adminApi.json<SetupProcess>('GET', path)).conversion_id).toBe(other);
  await pageB.close();
});

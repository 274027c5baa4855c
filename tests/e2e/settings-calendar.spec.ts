// Issue 25, settings #system › Forecast calendar: the partner's country and region, whose public
// holidays the demand forecast reads. The demo's (1001 Germany, North Rhine-Westphalia; 1002
// Great Britain) are shown; desktop chooses another state, the phone another country and one of
// its regions (fetched when the country changes); saved and kept after a reload. Desktop works
// on the full-service partner in German, phone on the prisma partner in English (projects run at
// once); the fixture puts the partner's calendar back through the API whatever happens.
import AxeBuilder from '@axe-core/playwright';
import { ApiSession } from './api';
import { expect, test as base } from './fixtures';
import { isPhone, signIn, waitForIslands } from './helpers';

interface Calendar {
  country: string | null;
  region: string | null;
}

const test = base.extend<{ calendar: Calendar }>({
  calendar: async ({}, use, testInfo) => {
    const api = await ApiSession.open(isPhone(testInfo) ? 'prisma' : 'admin');
    try {
      const { country, region } = await api.json<Calendar>('GET', '/api/v3/partners/calendar');
      const before = { country, region };
      try {
        await use(before);
      } finally {
        if (before.country) await api.json('PUT', '/api/v3/partners/calendar', { country: before.country, region: before.region });
      }
    } finally {
      await api.dispose();
    }
  },
});

test('forecast calendar in settings #system', async ({ page, calendar }, testInfo) => {
  test.slow();
  const phone = isPhone(testInfo);
  await signIn(page, phone ? 'prisma' : 'admin', { language: phone ? 'en' : 'de' });
  await page.goto('/settings#system');
  await waitForIslands(page);
  const names = phone
    ? { heading: 'Forecast calendar', country: 'Country', region: 'Region', save: 'Save calendar' }
    : { heading: 'Prognosekalender', country: 'Land', region: 'Region', save: 'Kalender speichern' };
  const card = page.getByRole('region', { name: names.heading });
  await expect(card).toBeVisible();
  const country = card.getByRole('combobox', { name: names.country });
  const region = card.getByRole('combobox', { name: names.region });
  // The seed's calendars.
  expect(calendar).toEqual(phone ? { country: 'GB', region: null } : { country: 'DE', region: 'NW' });
  await expect(country).toHaveValue(phone ? 'GB' : 'DE');
  await expect(region).toHaveValue(phone ? '' : 'NW');

  // Desktop picks another state of Germany; the phone moves the partner to another country,
  // whose regions the card then fetches (Great Britain → Switzerland, canton of Zurich).
  const target = phone ? { country: 'CH', region: 'ZH' } : { country: 'DE', region: 'BY' };
  if (phone) {
    await country.selectOption(target.country);
    await expect(region).toHaveValue('');
    await expect(region.locator(`option[value="${target.region}"]`)).toHaveCount(1);
  }
  await region.selectOption(target.region);
  const saved = page.waitForResponse((r) => r.url().includes('/api/v3/partners/calendar') && r.request().method() === 'PUT');
  await card.getByRole('button', { name: names.save }).click();
  expect((await saved).status()).toBe(200);
  await page.reload();
  await waitForIslands(page);
  const after = page.getByRole('region', { name: names.heading });
  await expect(after.getByRole('combobox', { name: names.country })).toHaveValue(target.country);
  await expect(after.getByRole('combobox', { name: names.region })).toHaveValue(target.region);

  const axe = await new AxeBuilder({ page }).include('main').analyze();
  expect(axe.violations).toEqual([]);
});

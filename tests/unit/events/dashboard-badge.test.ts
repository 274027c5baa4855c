// issue 20 §4: the dashboard row's badge says it is the forecast's verdict; the numbers are today's.
import { describe, expect, it } from 'vitest';
import { FORECAST_STATES } from '../../../src/lib/contracts/events';
import { badgeKey } from '../../../src/islands/dashboard/badge';
import en from '../../../public/locales/en/common.json' with { type: 'json' };
import de from '../../../public/locales/de/common.json' with { type: 'json' };
import enPrisma from '../../../public/locales/en/prisma.json' with { type: 'json' };
import dePrisma from '../../../public/locales/de/prisma.json' with { type: 'json' };

const text = (dict: unknown, key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);

describe('badgeKey', () => {
  it('labels a verdict of the forecast as the forecast’s, in both languages', () => {
    expect(badgeKey('above')).toBe('dashboard.row.forecastState.above');
    expect(text(en, badgeKey('above'))).toBe('Forecast: above comparable events');
    expect(text(de, badgeKey('below'))).toBe('Prognose: unter vergleichbaren Veranstaltungen');
    expect(text(enPrisma, badgeKey('above'))).toBe('Forecast: above comparable shows');
    expect(text(dePrisma, badgeKey('below'))).toBe('Prognose: unter vergleichbaren Shows');
  });

  it('keeps the plain names for facts (sold out, finished)', () => {
    expect(badgeKey('sold_out')).toBe('event.benchmark.states.sold_out');
    expect(badgeKey('finished')).toBe('event.benchmark.states.finished');
  });

  it('has an English and a German text for every state', () => {
    for (const state of FORECAST_STATES) {
      expect(typeof text(en, badgeKey(state)), `en ${state}`).toBe('string');
      expect(typeof text(de, badgeKey(state)), `de ${state}`).toBe('string');
    }
  });

  it('says the numbers beside it are today’s', () => {
    expect(text(en, 'dashboard.row.sold')).toBe('Today: {{share}} sold');
    expect(text(de, 'dashboard.row.sold')).toBe('Heute: {{share}} verkauft');
  });
});

// Item-to-item similarity from co-purchases, and the keywords a variation gets from its events.
import { describe, expect, it } from 'vitest';
import { PackageFilters, anchorSimilarities, campaignKeywords, indexHistory, purchaseFilter, variationTitles, type Purchase } from '../../../src/server/engines/packages';
import { NOW, event, purchase } from './helpers';

function historyOf(purchases: Purchase[], events: string[]) {
  const ids = [...new Set(purchases.map((p) => p.customerId))].sort((a, b) => a - b);
  return indexHistory(
    ids.map((id) => ({ id, adsOptOut: false })),
    events,
    purchases,
    purchaseFilter(PackageFilters.parse({}), NOW),
    100,
  );
}

describe('co-purchase similarity', () => {
  it('is the cosine of the buyer sets, shrunk by the number of shared buyers', () => {
    // a: customers 1–4; p: customers 2–10 (9 buyers); shared 2, 3, 4 → 3 / √(4·9) · 3 / (3 + 5) = 0.1875
    const purchases = [...[1, 2, 3, 4].map((id) => purchase(id, 'a')), ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((id) => purchase(id, 'p'))];
    const sims = anchorSimilarities(historyOf(purchases, ['a', 'p']), Int32Array.from([0]));
    expect(sims[1]).toBeCloseTo(0.1875, 6);
    // an anchor with itself: 4 / 4 · 4 / 9
    expect(sims[0]).toBeCloseTo(4 / 9, 6);
  });

  it('trusts a pair many customers bought together more than a pair one customer did', () => {
    const purchases = [purchase(1, 'a'), purchase(1, 'b'), ...Array.from({ length: 20 }, (_, n) => [purchase(100 + n, 'c'), purchase(100 + n, 'd')]).flat()];
    const sims = anchorSimilarities(historyOf(purchases, ['a', 'b', 'c', 'd']), Int32Array.from([0, 2]));
    // both pairs have cosine 1 before shrinking
    expect(sims[0 * 4 + 1]).toBeLessThan(sims[1 * 4 + 3] / 3);
  });

  it('counts a customer once per event however many purchases they made, and never a cancelled one', () => {
    const purchases = [purchase(1, 'a'), purchase(1, 'a'), purchase(1, 'b'), purchase(2, 'a'), purchase(2, 'b', { cancelled: true })];
    const h = historyOf(purchases, ['a', 'b']);
    expect([...h.buyers]).toEqual([2, 1]);
    expect(anchorSimilarities(h, Int32Array.from([0]))[1]).toBeCloseTo((1 / Math.sqrt(2)) * (1 / 6), 6);
  });
});

describe('campaign keywords and titles', () => {
  const e = (id: string, composer: string, keywords: string[]) => event({ id, title: 'Konzert', composers: [composer], keywords });

  it("puts what sets a variation apart before what every variation shares", () => {
    const k = campaignKeywords([
      [{ event: e('1', 'Beethoven', ['Abonnement']), weight: 1 }],
      [{ event: e('2', 'Mozart', ['Abonnement']), weight: 1 }],
    ]);
    expect(k[0][0]).toBe('Beethoven');
    expect(k[1][0]).toBe('Mozart');
    expect(k[0]).toContain('Abonnement');
  });

  it('weighs the lead event’s words above the others', () => {
    const k = campaignKeywords([
      [
        { event: e('1', 'Mahler', []), weight: 0.7 },
        { event: e('2', 'Brahms', []), weight: 0.3 },
      ],
    ]);
    expect(k[0].indexOf('Mahler')).toBeLessThan(k[0].indexOf('Brahms'));
  });

  it('offers no keyword longer than 30 characters', () => {
    const k = campaignKeywords([[{ event: e('1', 'Wolfgang Amadeus Mozart und seine Zeitgenossen', ['Kurz']), weight: 1 }]]);
    expect(k[0]).toContain('Kurz');
    expect(k[0].every((x) => x.length <= 30)).toBe(true);
  });

  it('titles variations by their first keywords and never twice the same', () => {
    expect(variationTitles([['Beethoven', 'Eroica'], ['Beethoven', 'Eroica'], []], ['a', 'b', 'Lead title'])).toEqual([
      'Beethoven & Eroica',
      'Beethoven & Eroica (2)',
      'Lead title',
    ]);
  });
});

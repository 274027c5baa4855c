import { describe, expect, it } from 'vitest';
import { locator } from '../../../src/server/modules/taste-clusters/geo';
import { distanceKm } from '../../../src/server/adapters/meta/geo/radius';

// Where a customer lives decides the "distance to the venues" trait of its cluster: postal codes
// as customers type them must land at the right town.
const near = (p: { lat: number; lon: number } | null, lat: number, lon: number) => (p ? distanceKm(p.lat, p.lon, lat, lon) : Infinity);

describe('taste-cluster locator', () => {
  it('finds British customers by a full postcode (outward code), with or without the space', () => {
    const en = locator('en');
    expect(near(en.locate('M14 4BT', null), 53.45, -2.22)).toBeLessThan(10);
    expect(near(en.locate('sw1a1aa', null), 51.5, -0.14)).toBeLessThan(10);
  });

  it('reads a 4-digit code as Austrian or Swiss before a German one missing its zero', () => {
    const de = locator('de');
    expect(near(de.locate('1010', null), 48.21, 16.37)).toBeLessThan(10); // Wien, Innere Stadt
    expect(near(de.locate('8001', null), 47.37, 8.54)).toBeLessThan(10); // Zürich
    expect(near(de.locate('10115', null), 52.53, 13.38)).toBeLessThan(10); // Berlin-Mitte
  });

  it('falls back to the city when the code is unknown, and to nothing when both are', () => {
    const de = locator('de');
    expect(near(de.locate('99999', 'München'), 48.14, 11.58)).toBeLessThan(15);
    expect(de.locate('99999', null)).toBeNull();
  });
});

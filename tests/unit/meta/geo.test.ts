// The sandbox's geography on the shipped GeoNames data (assets/geonames/).
import { describe, expect, it } from 'vitest';
import { geoIndex, normalise } from '../../../src/server/adapters/meta/geo/geo-index';
import { matchPostalCodes, searchLocations } from '../../../src/server/adapters/meta/geo/geo-search';
import { distanceKm, populationAround, suggestRadius } from '../../../src/server/adapters/meta/geo/radius';

const ix = geoIndex();

describe('GeoNames place list', () => {
  it('holds populated places of DE, AT, CH and GB with coordinates inside each country', () => {
    const by = (cc: string) => ix.places.filter((p) => p.countryCode === cc);
    for (const cc of ['DE', 'AT', 'CH', 'GB']) expect(by(cc).length).toBeGreaterThan(1000);
    // Rough bounding boxes: a swapped latitude/longitude or a wrong country would fall outside.
    const box: Record<string, [number, number, number, number]> = { DE: [47, 55.1, 5.8, 15.1], AT: [46.3, 49.1, 9.5, 17.2], CH: [45.8, 47.9, 5.9, 10.5], GB: [49.8, 60.9, -8.7, 1.8] };
    for (const p of ix.places) {
      const [s, n, w, e] = box[p.countryCode]!;
      expect(p.latitude >= s && p.latitude <= n && p.longitude >= w && p.longitude <= e, `${p.name} ${p.latitude},${p.longitude}`).toBe(true);
    }
    expect(distanceKm(ix.placesById.get(2950159)!.latitude, ix.placesById.get(2950159)!.longitude, ix.placesById.get(2867714)!.latitude, ix.placesById.get(2867714)!.longitude)).toBeCloseTo(504, -1);
  });
});

describe('location search', () => {
  it('matches by prefix regardless of case and diacritics', () => {
    expect(normalise('Zürich  Straße')).toBe('zurich strasse');
    expect(searchLocations(ix, { q: 'zurich', types: ['city'] })[0]).toMatchObject({ name: 'Zürich', type: 'city', countryCode: 'CH', region: 'Zürich' });
    expect(searchLocations(ix, { q: 'MÜNCH', types: ['city'] })[0]!.key).toBe('2867714');
    expect(searchLocations(ix, { q: 'munchen', types: ['city'] })[0]!.key).toBe('2867714');
    expect(searchLocations(ix, { q: 'Wien', types: ['city'] })[0]).toMatchObject({ name: 'Vienna', countryName: 'Austria' });
  });

  it('answers countries, regions, cities and zips in that order, filtered by type and country', () => {
    expect(searchLocations(ix, { q: 'Deutsch' })[0]).toMatchObject({ key: 'DE', type: 'country' });
    const bay = searchLocations(ix, { q: 'Bay', limit: 5 });
    expect(bay[0]).toMatchObject({ type: 'region', name: 'Bayern', key: 'DE:02' });
    expect(bay.slice(1).every((l) => l.type !== 'region' && l.type !== 'country')).toBe(true);
    expect(searchLocations(ix, { q: 'Bay', types: ['city'], countryCode: 'GB' }).every((l) => l.countryCode === 'GB' && l.type === 'city')).toBe(true);
    expect(searchLocations(ix, { q: 'Newport', types: ['city'], countryCode: 'DE' })).toEqual([]);
  });

  it('ranks larger places first among equal matches', () => {
    const res = searchLocations(ix, { q: 'Frankfurt', types: ['city'] });
    expect(res[0]).toMatchObject({ name: 'Frankfurt am Main' });
    expect(res.map((r) => r.name)).toContain('Frankfurt (Oder)');
  });

  it('finds postal codes by their CC:code keys', () => {
    const res = searchLocations(ix, { q: 'DE:101', types: ['zip'] });
    expect(res.map((r) => r.key)).toEqual(['DE:10115', 'DE:10117', 'DE:10178']);
    expect(res[0]).toMatchObject({ type: 'zip', name: '10115', primaryCity: 'Berlin', region: 'Berlin' });
  });
});

describe('postal-code matching', () => {
  it('matches codes of one country to CC:code keys and lists the rest as unmatched', () => {
    const res = matchPostalCodes(ix, 'de', [' 10115', '80331', '10115', '99999', '1010']);
    expect(res.matched.map((m) => m.key)).toEqual(['DE:10115', 'DE:80331']);
    expect(res.unmatched).toEqual(['99999', '1010']);
    expect(matchPostalCodes(ix, 'AT', ['1010']).matched[0]).toMatchObject({ key: 'AT:1010', countryCode: 'AT', primaryCity: 'Vienna' });
    expect(matchPostalCodes(ix, 'gb', ['sw1a']).matched[0]!.key).toBe('GB:SW1A');
  });

  it('takes the coordinates of a postal code from its GeoNames place', () => {
    const z = matchPostalCodes(ix, 'CH', ['8001']).matched[0]!;
    const zurich = ix.placesById.get(2657896)!;
    expect([z.latitude, z.longitude]).toEqual([zurich.latitude, zurich.longitude]);
  });
});

describe('suggested radius', () => {
  const berlin = [52.5244, 13.4105] as const;
  const garmisch = [47.4917, 11.0955] as const;

  it('is small where many people live around the point and large where few do', () => {
    expect(populationAround(ix, ...berlin)).toBeGreaterThan(3_000_000);
    const city = suggestRadius(ix, ...berlin, 'kilometer').radius;
    const alps = suggestRadius(ix, ...garmisch, 'kilometer').radius;
    expect(city).toBeLessThan(alps);
  });

  it('follows the documented formula inside the spec limits, in either unit', () => {
    const people = populationAround(ix, ...garmisch);
    const km = Math.sqrt(200_000 / (Math.PI * (people / (Math.PI * 25 ** 2))));
    expect(suggestRadius(ix, ...garmisch, 'kilometer')).toEqual({ radius: Math.min(80, Math.max(17, Math.round(km))), unit: 'kilometer' });
    expect(suggestRadius(ix, ...garmisch, 'mile')).toEqual({ radius: Math.min(50, Math.max(10, Math.round(km / 1.60934))), unit: 'mile' });
    expect(suggestRadius(ix, ...berlin, 'kilometer').radius).toBe(17);
    expect(suggestRadius(ix, 57.5, -5.0, 'mile')).toEqual({ radius: 50, unit: 'mile' }); // nobody around in cities500
  });
});

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

  it('finds postal codes by their CC:code keys or digits, in code order', () => {
    const res = searchLocations(ix, { q: 'DE:10', types: ['zip'], limit: 100 });
    expect(res.length).toBeGreaterThan(20);
    expect(res.every((r) => r.key.startsWith('DE:10') && r.type === 'zip' && r.region === 'Berlin' && r.primaryCity === 'Berlin')).toBe(true);
    expect(res.map((r) => r.key)).toEqual([...res.map((r) => r.key)].sort());
    expect(searchLocations(ix, { q: '8001', types: ['zip'] })[0]).toMatchObject({ key: 'CH:8001', primaryCity: 'Zürich' });
    expect(searchLocations(ix, { q: 'de 8033', types: ['zip'] }).every((r) => r.countryCode === 'DE')).toBe(true);
  });

  it('puts the city before the region of the same name, and both before longer names', () => {
    const berlin = searchLocations(ix, { q: 'Berlin', limit: 5 });
    expect(berlin.slice(0, 2).map((l) => [l.type, l.key])).toEqual([['city', '2950159'], ['region', 'DE:16']]);
    expect(berlin.slice(2).every((l) => l.name !== 'Berlin')).toBe(true);
    expect(searchLocations(ix, { q: 'wien', limit: 2 }).map((l) => l.type)).toEqual(['city', 'region']);
  });

  it('finds places by their names typed with umlauts spelled out or Sankt abbreviated', () => {
    for (const q of ['München', 'Muenchen', 'munchen', 'MÜNCHEN']) expect(searchLocations(ix, { q, types: ['city'] })[0]!.key, q).toBe('2867714');
    // Mühldorf am Inn has ~20,000 people: no exonym list holds "Muehldorf", only the spelling rule.
    expect(searchLocations(ix, { q: 'Muehldorf', types: ['city'], countryCode: 'DE' })[0]!.name).toBe('Mühldorf');
    expect(searchLocations(ix, { q: 'St. Gallen', types: ['city'], countryCode: 'CH' })[0]!.name).toBe('Sankt Gallen');
    expect(searchLocations(ix, { q: 'St Albans', types: ['city'] })[0]!.name).toBe('St Albans');
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

// Postal codes of the sandbox: per-country normalisation of typed codes and matching against the
// shipped GeoNames postal codes (assets/geonames/postal.json.gz).
import { describe, expect, it } from 'vitest';
import { geoIndex } from '../../../src/server/adapters/meta/geo/geo-index';
import { matchPostalCodes } from '../../../src/server/adapters/meta/geo/geo-search';
import { canonicalPostalCode, typedPostalCodes } from '../../../src/server/adapters/meta/geo/postal-codes';
import { distanceKm } from '../../../src/server/adapters/meta/geo/radius';

const ix = geoIndex();

describe('normalising typed postal codes per country', () => {
  it('DE: five digits, a dropped leading zero restored, envelope prefixes and spaces removed', () => {
    expect(canonicalPostalCode('DE', ' 10115 ')).toBe('10115');
    expect(canonicalPostalCode('de', '1067')).toBe('01067');
    expect(canonicalPostalCode('DE', 'D-10115')).toBe('10115');
    expect(canonicalPostalCode('DE', 'DE:80331')).toBe('80331');
    expect(canonicalPostalCode('DE', '101 15')).toBe('10115');
    expect(canonicalPostalCode('DE', '１０１１５')).toBe('10115'); // full-width digits
    for (const bad of ['101', '101150', 'ABCDE', '10115a', 'A-10115', '']) expect(canonicalPostalCode('DE', bad), bad).toBeNull();
  });

  it('AT and CH: four digits', () => {
    expect(canonicalPostalCode('AT', 'A-1010')).toBe('1010');
    expect(canonicalPostalCode('CH', 'CH-8001')).toBe('8001');
    expect(canonicalPostalCode('CH', '08001')).toBeNull();
    expect(canonicalPostalCode('AT', '10115')).toBeNull();
  });

  it('GB: the outward code, case-insensitive, from an outward code or a full postcode with or without space', () => {
    expect(canonicalPostalCode('GB', 'sw1a')).toBe('SW1A');
    expect(canonicalPostalCode('GB', 'SW1A 1AA')).toBe('SW1A');
    expect(canonicalPostalCode('GB', 'sw1a1aa')).toBe('SW1A');
    expect(canonicalPostalCode('GB', 'M1 1AE')).toBe('M1');
    expect(canonicalPostalCode('GB', 'm11ae')).toBe('M1');
    expect(canonicalPostalCode('GB', ' m9 ')).toBe('M9');
    expect(canonicalPostalCode('GB', 'BN91')).toBe('BN91');
    for (const bad of ['1AA', 'SW', 'SW1A 1A', 'ABC1', '12345']) expect(canonicalPostalCode('GB', bad), bad).toBeNull();
  });

  it('de-duplicates by canonical code, keeping the first spelling, and sorts out malformed ones', () => {
    expect(typedPostalCodes('DE', ['10115', ' D-10115', '', 'x', '80331', 'x'])).toEqual({
      codes: [{ code: '10115', typed: '10115' }, { code: '80331', typed: '80331' }],
      malformed: ['x'],
    });
  });
});

describe('the shipped postal codes', () => {
  const count = (cc: string) => [...ix.postal.values()].filter((z) => z.countryCode === cc).length;

  it('cover each country with its own code format and coordinates inside it', () => {
    // Germany has about 8,200 delivery-area codes, Austria about 2,200, Switzerland 3,200 and
    // more with its P.O. codes, Great Britain about 2,900 outward codes.
    expect(count('DE')).toBeGreaterThan(8000);
    expect(count('AT')).toBeGreaterThan(2000);
    expect(count('CH')).toBeGreaterThan(3000);
    expect(count('GB')).toBeGreaterThan(2800);
    const box: Record<string, [number, number, number, number]> = { DE: [47, 55.1, 5.8, 15.1], AT: [46.3, 49.1, 9.5, 17.2], CH: [45.8, 47.9, 5.9, 10.5], GB: [49.8, 60.9, -8.7, 1.8] };
    const format: Record<string, RegExp> = { DE: /^\d{5}$/, AT: /^\d{4}$/, CH: /^\d{4}$/, GB: /^[A-Z]{1,2}\d[A-Z\d]?$/ };
    for (const z of ix.postal.values()) {
      const [s, n, w, e] = box[z.countryCode]!;
      if (!(z.latitude >= s && z.latitude <= n && z.longitude >= w && z.longitude <= e) || !format[z.countryCode]!.test(z.code)) {
        throw new Error(`${z.key} ${z.latitude},${z.longitude}`);
      }
    }
  });

  it('leave out codes of single organisations and of the Crown Dependencies', () => {
    // 70546 is Daimler AG's own code, 10875 one of Daimler's subsidiaries: no area to target.
    expect(ix.postal.has('DE:70546')).toBe(false);
    expect(ix.postal.has('DE:10875')).toBe(false);
    // Jersey, Guernsey and the Isle of Man are no part of the UK; Meta targets them as countries.
    for (const k of ['GB:JE4', 'GB:IM1', 'GB:GY1']) expect(ix.postal.has(k), k).toBe(false);
  });
});

describe('matching typed codes', () => {
  it('answers real codes of each country with region, primary city and coordinates near that city', () => {
    const cases: [string, string, string, string, number][] = [
      ['DE', '10115', 'Berlin', 'Berlin', 2950159],
      ['AT', '1010', 'Wien', 'Vienna', 2761369],
      ['CH', '8001', 'Zürich', 'Zürich', 2657896],
      ['GB', 'SW1A 1AA', 'England', 'London', 2643743],
      ['GB', 'M9', 'England', 'Manchester', 2643123],
    ];
    for (const [cc, code, region, city, geonameId] of cases) {
      const res = matchPostalCodes(ix, cc, [code]);
      expect(res.unmatched, code).toEqual([]);
      const z = res.matched[0]!;
      expect(z).toMatchObject({ type: 'zip', countryCode: cc, region, primaryCity: city, primaryCityId: String(geonameId) });
      expect(z.key).toBe(`${cc}:${z.name}`);
      const p = ix.placesById.get(geonameId)!;
      expect(distanceKm(z.latitude!, z.longitude!, p.latitude, p.longitude), code).toBeLessThan(10);
    }
  });

  it('keeps the order typed, lists unknown and malformed codes as typed, and drops duplicates', () => {
    const res = matchPostalCodes(ix, 'de', [' 10115', '80331', '10115', '99999', '1010', 'abc', '01067']);
    expect(res.matched.map((m) => m.key)).toEqual(['DE:10115', 'DE:80331', 'DE:01010', 'DE:01067'].filter((k) => ix.postal.has(k)));
    expect(res.unmatched).toEqual(['abc', '99999', ...(ix.postal.has('DE:01010') ? [] : ['1010'])]);
    // A code of another country is not one of this one.
    expect(matchPostalCodes(ix, 'CH', ['1010']).matched.map((m) => m.key)).toEqual(ix.postal.has('CH:1010') ? ['CH:1010'] : []);
    expect(matchPostalCodes(ix, 'AT', ['8001']).matched).toEqual([]);
  });
});

// The rules that turn GeoNames postal rows into assets/geonames/postal.json.gz (scripts/geo/).
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../../scripts/geo/build-geo';
import { type PostalSourceRow, compactPostal, mainPlaceName } from '../../../scripts/geo/postal-rows';

const row = (over: Partial<PostalSourceRow>): PostalSourceRow => ({ countryCode: 'DE', code: '10115', place: 'Berlin', state: 'Berlin', stateCode: 'BE', latitude: 52.5, longitude: 13.4, ...over });

describe('one row per postal code', () => {
  it('keeps the localities of a German code and drops the codes of single organisations', () => {
    const { rows, dropped } = compactPostal('DE', [
      row({ code: '20095', place: 'Hamburg Altstadt', stateCode: 'HH', latitude: 53.5453, longitude: 9.9953 }),
      row({ code: '20095', place: 'Hamburg', stateCode: 'HH', latitude: 53.5521, longitude: 10.0004 }),
      row({ code: '20095', place: 'Hamburg Sankt Georg', stateCode: 'HH', latitude: 53.5564, longitude: 10.0144 }),
      // An organisation row of a locality code, and a code only organisations have (numeric Land code).
      row({ code: '20095', place: 'Finanzamt', stateCode: '04', latitude: 50, longitude: 10 }),
      row({ code: '70546', place: 'Daimler AG', stateCode: '01', latitude: 48.72, longitude: 9.17 }),
      row({ code: '1234', place: 'Nowhere' }),
    ], REGIONS.DE!);
    expect(rows).toEqual([['20095', 'Hamburg', '04', 53.5513, 10.0034]]);
    expect(dropped).toEqual({ 'organisation rows': 2, 'malformed rows': 1 });
  });

  it('maps the Länder abbreviations to the GeoNames admin1 codes of the place list', () => {
    const codes = ['BW', 'BY', 'BE', 'BB', 'HB', 'HH', 'HE', 'MV', 'NI', 'NW', 'RP', 'SL', 'SN', 'ST', 'SH', 'TH'];
    const { rows } = compactPostal('DE', codes.map((stateCode, i) => row({ code: String(10000 + i), stateCode, state: stateCode })), REGIONS.DE!);
    const names = rows.map((r) => REGIONS.DE![r[2]]);
    expect(names).toEqual(['Baden-Württemberg', 'Bayern', 'Berlin', 'Brandenburg', 'Bremen', 'Hamburg', 'Hessen', 'Mecklenburg-Vorpommern', 'Niedersachsen', 'Nordrhein-Westfalen', 'Rheinland-Pfalz', 'Saarland', 'Sachsen', 'Sachsen-Anhalt', 'Schleswig-Holstein', 'Thüringen']);
  });

  it('leaves the Crown Dependencies out of GB, however the source labels them', () => {
    const gb = (code: string, stateCode: string) => row({ countryCode: 'GB', code, place: code, stateCode, latitude: 51, longitude: -1 });
    const { rows, dropped } = compactPostal('GB', [gb('M9', 'ENG'), gb('GY2', 'ENG'), gb('JE4', 'L93000001'), gb('IM1', ''), gb('CF10', 'WLS')], REGIONS.GB!);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([['CF10', 'WLS'], ['M9', 'ENG']]);
    expect(dropped).toEqual({ 'rows outside the UK': 3 });
  });

  it('names a code after the locality the others extend, else after the first', () => {
    expect(mainPlaceName(['Dresden Innere Altstadt', 'Dresden', 'Dresden Friedrichstadt'])).toBe('Dresden');
    expect(mainPlaceName(['Eisenstadt', 'Sankt Georgen am Leithagebirge'])).toBe('Eisenstadt');
    expect(mainPlaceName(['Hamburgerberg', 'Hamburg'])).toBe('Hamburgerberg'); // a prefix of letters is no locality's name
  });
});

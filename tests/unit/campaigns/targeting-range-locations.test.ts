import { describe, expect, it } from 'vitest';
import type { Location } from '../../../src/lib/contracts/fb-targeting';
import type { RangeLocation } from '../../../src/lib/contracts/setup-process';
import {
  addLocation,
  contains,
  groupByCountry,
  radiusIn,
  rangesChanged,
  removedSince,
  removeLocation,
  saveBlock,
  toRangeLocation,
  toTargetingRanges,
  withRadius,
  withoutAdded,
  type RangeDraft,
} from '../../../src/islands/campaigns/wizard/targeting/rangeLocations';
import { ageLabel, AGES, defaultMode } from '../../../src/islands/campaigns/wizard/targeting/targetingMode';

const loc = (key: string, type: Location['type'], extra: Partial<Location> = {}): RangeLocation =>
  toRangeLocation({
    key,
    name: key,
    type,
    region: null,
    region_id: null,
    country_code: 'DE',
    country_name: 'Germany',
    primary_city: null,
    primary_city_id: null,
    latitude: null,
    longitude: null,
    ...extra,
  });

const germany = loc('DE', 'country');
const austria = loc('AT', 'country', { country_code: 'AT', country_name: 'Austria' });
const bavaria = loc('DE-BY', 'region', { region_id: 'DE-BY' });
const berlinState = loc('DE-BE', 'region', { region_id: 'DE-BE' });
const munich = loc('2867714', 'city', { region_id: 'DE-BY' });
const munichZip = loc('DE:80331', 'zip', { region_id: 'DE-BY', primary_city_id: '2867714' });
const vienna = loc('2761369', 'city', { country_code: 'AT', country_name: 'Austria', region_id: 'AT-9' });

describe('overlap of places', () => {
  it('knows which places lie inside others', () => {
    expect(contains(germany, munich)).toBe(true);
    expect(contains(germany, bavaria)).toBe(true);
    expect(contains(germany, vienna)).toBe(false);
    expect(contains(bavaria, munich)).toBe(true);
    expect(contains(bavaria, munichZip)).toBe(true);
    expect(contains(berlinState, munich)).toBe(false);
    expect(contains(munich, munichZip)).toBe(true);
    expect(contains(munich, bavaria)).toBe(false);
    expect(contains(germany, germany)).toBe(false);
  });

  it('removes excluded parents and children when including a place, and keeps the rest', () => {
    const draft: RangeDraft = { included: [vienna], excluded: [bavaria, munichZip, berlinState] };
    const r = addLocation(draft, munich, 'included');
    expect(r.removed.map((l) => l.key)).toEqual(['DE-BY', 'DE:80331']);
    expect(r.draft.included.map((l) => l.key)).toEqual(['2761369', '2867714']);
    expect(r.draft.excluded.map((l) => l.key)).toEqual(['DE-BE']);
  });

  it('removes an included place of the same key or inside an excluded country', () => {
    const draft: RangeDraft = { included: [munich, vienna], excluded: [] };
    const r = addLocation(draft, germany, 'excluded');
    expect(r.removed.map((l) => l.key)).toEqual(['2867714']);
    expect(r.draft).toEqual({ included: [vienna], excluded: [germany] });
    const same = addLocation({ included: [austria], excluded: [] }, austria, 'excluded');
    expect(same.draft).toEqual({ included: [], excluded: [austria] });
  });

  it('removes a location from either list and leaves search results not yet added', () => {
    const draft: RangeDraft = { included: [munich], excluded: [berlinState] };
    expect(removeLocation(draft, 'DE-BE')).toEqual({ included: [munich], excluded: [] });
    expect(withoutAdded([munich, berlinState, vienna], draft)).toEqual([vienna]);
  });
});

describe('radius', () => {
  it('sets both units from the one the user works in, within the limits', () => {
    expect(withRadius(munich, 25, 'mile')).toMatchObject({ mile_range: 25, kilometer_range: 40 });
    expect(withRadius(munich, 40, 'kilometer')).toMatchObject({ kilometer_range: 40, mile_range: 25 });
    expect(withRadius(munich, 3, 'mile')).toMatchObject({ mile_range: 10, kilometer_range: 17 });
    expect(withRadius(munich, 500, 'kilometer')).toMatchObject({ kilometer_range: 80, mile_range: 50 });
  });
  it('reads the radius in a unit with the default when none is set', () => {
    expect(radiusIn(munich, 'mile')).toBe(10);
    expect(radiusIn(munich, 'kilometer')).toBe(17);
    expect(radiusIn(withRadius(munich, 30, 'kilometer'), 'kilometer')).toBe(30);
  });
});

describe('summary and saving', () => {
  it('groups locations by country in the order added', () => {
    const groups = groupByCountry({ included: [munich, vienna], excluded: [berlinState] });
    expect(groups.map((g) => [g.countryCode, g.items.map((i) => `${i.qualifier}:${i.location.key}`)])).toEqual([
      ['DE', ['included:2867714', 'excluded:DE-BE']],
      ['AT', ['included:2761369']],
    ]);
  });

  it('blocks Save while a radius loads or when everything is excluded', () => {
    expect(saveBlock({ included: [munich], excluded: [] }, new Set(['2867714']))).toBe('loading');
    expect(saveBlock({ included: [], excluded: [bavaria] }, new Set())).toBe('allExcluded');
    expect(saveBlock({ included: [munich], excluded: [bavaria] }, new Set())).toBeNull();
    expect(saveBlock({ included: [], excluded: [] }, new Set())).toBeNull();
  });

  it('tells deletions and changes from the saved targeting, and drops an empty object', () => {
    const saved: RangeDraft = { included: [munich], excluded: [berlinState] };
    expect(removedSince(saved, { included: [munich], excluded: [] }).map((l) => l.key)).toEqual(['DE-BE']);
    expect(rangesChanged(saved, { included: [munich], excluded: [berlinState] })).toBe(false);
    expect(rangesChanged(saved, { included: [withRadius(munich, 20, 'mile')], excluded: [berlinState] })).toBe(true);
    expect(toTargetingRanges({ included: [], excluded: [] })).toBeNull();
    expect(toTargetingRanges(saved)).toEqual(saved);
  });
});

describe('mode and age', () => {
  it('defaults to the cluster customers when offered, else postal codes', () => {
    expect(defaultMode(['fd_targeting', 'postal_codes', 'range_locations'])).toBe('fd_targeting');
    expect(defaultMode(['postal_codes', 'range_locations'])).toBe('postal_codes');
  });
  it('offers 18 to 65 with 65 shown as 65+', () => {
    expect(AGES[0]).toBe(18);
    expect(AGES.at(-1)).toBe(65);
    expect(AGES.map(ageLabel).at(-1)).toBe('65+');
    expect(ageLabel(30)).toBe('30');
  });
});

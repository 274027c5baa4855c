// Pure rules of the radius dialog (spec 2 §4 Range locations, §5 Targeting "Radius"): overlap
// between included and excluded places, the radius of cities and places in both units, the
// summary by country and when Save is allowed.
import type { Location } from '../../../../lib/contracts/fb-targeting';
import type { RangeLocation, Targeting } from '../../../../lib/contracts/setup-process';
import { RADIUS } from '../../../../lib/campaigns/setup-constants';
import { clampRadius, kmToMiles, milesToKm } from '../../../../lib/campaigns/setup-rules';

export type Qualifier = 'included' | 'excluded';
export type DistanceUnit = 'mile' | 'kilometer';
export interface RangeDraft {
  included: RangeLocation[];
  excluded: RangeLocation[];
}

export const EMPTY_RANGES: RangeDraft = { included: [], excluded: [] };
export const opposite = (q: Qualifier): Qualifier => (q === 'included' ? 'excluded' : 'included');

/** spec 2 §3: cities and places carry a radius (Meta's radius targeting); other types do not. */
export const hasRadius = (l: Pick<Location, 'type'>) => l.type === 'city' || l.type === 'place';

/**
 * Whether `child` lies inside `parent`, by the hierarchy ids Meta gives every location: a
 * country holds its regions, cities and codes; a region holds what names it as region_id; a city
 * holds what names it as primary_city_id (postal codes, neighbourhoods).
 */
export function contains(parent: Location, child: Location): boolean {
  if (parent.key === child.key) return false;
  switch (parent.type) {
    case 'country':
      return child.type !== 'country' && child.country_code === parent.country_code;
    case 'region':
      return child.type !== 'region' && child.type !== 'country' && child.region_id != null && child.region_id === (parent.region_id ?? parent.key);
    default:
      return child.primary_city_id != null && child.primary_city_id === parent.key;
  }
}

/** The same place, or one inside the other. */
export const overlaps = (a: Location, b: Location) => a.key === b.key || contains(a, b) || contains(b, a);

/**
 * spec 2 §4: adding a location of one qualifier removes the locations of the other qualifier it
 * conflicts or overlaps with (same key, parent or child). Returns the new draft and what it removed.
 */
export function addLocation(draft: RangeDraft, location: RangeLocation, qualifier: Qualifier): { draft: RangeDraft; removed: RangeLocation[] } {
  const other = opposite(qualifier);
  const removed = draft[other].filter((l) => overlaps(l, location));
  const kept = draft[other].filter((l) => !overlaps(l, location));
  const added = [...draft[qualifier].filter((l) => l.key !== location.key), location];
  return { draft: qualifier === 'included' ? { included: added, excluded: kept } : { included: kept, excluded: added }, removed };
}

export function removeLocation(draft: RangeDraft, key: string): RangeDraft {
  return { included: draft.included.filter((l) => l.key !== key), excluded: draft.excluded.filter((l) => l.key !== key) };
}

/** The radius in the user's unit (default when none is set yet). */
export function radiusIn(l: Pick<RangeLocation, 'mile_range' | 'kilometer_range'>, unit: DistanceUnit): number {
  const v = unit === 'mile' ? l.mile_range : l.kilometer_range;
  return v ?? RADIUS[unit].min;
}

/** A location with its radius set in one unit, and the other unit converted (spec 2 §5). */
export function withRadius<T extends Location>(l: T, value: number, unit: DistanceUnit): T & Pick<RangeLocation, 'mile_range' | 'kilometer_range'> {
  if (unit === 'mile') {
    const miles = clampRadius(value, 'mile');
    return { ...l, mile_range: miles, kilometer_range: clampRadius(milesToKm(miles), 'kilometer') };
  }
  const km = clampRadius(value, 'kilometer');
  return { ...l, kilometer_range: km, mile_range: clampRadius(kmToMiles(km), 'mile') };
}

/** A search result as a range location: without radius until it loads (cities and places), else none. */
export const toRangeLocation = (l: Location): RangeLocation => ({ ...l, mile_range: null, kilometer_range: null });

export interface CountryGroup {
  countryCode: string;
  countryName: string;
  items: { location: RangeLocation; qualifier: Qualifier }[];
}

/** spec 2 §2: the summary grouped by country, countries and their items in the order added. */
export function groupByCountry(draft: RangeDraft): CountryGroup[] {
  const groups = new Map<string, CountryGroup>();
  for (const qualifier of ['included', 'excluded'] as const) {
    for (const location of draft[qualifier]) {
      const code = location.country_code || '—';
      let g = groups.get(code);
      if (!g) groups.set(code, (g = { countryCode: code, countryName: location.country_name || code, items: [] }));
      g.items.push({ location, qualifier });
    }
  }
  return [...groups.values()];
}

/** Search results without the locations already added (spec 2 §5). */
export const withoutAdded = (results: readonly Location[], draft: RangeDraft) => {
  const added = new Set([...draft.included, ...draft.excluded].map((l) => l.key));
  return results.filter((r) => !added.has(r.key));
};

export type SaveBlock = 'loading' | 'allExcluded' | 'empty' | null;

/**
 * spec 2 §4: Save is disabled while a location loads its radius and when every location is
 * excluded (allLocationsExcluded). An empty draft may be saved (it clears the radius targeting).
 */
export function saveBlock(draft: RangeDraft, loading: ReadonlySet<string>): SaveBlock {
  if ([...draft.included, ...draft.excluded].some((l) => loading.has(l.key))) return 'loading';
  if (draft.included.length === 0 && draft.excluded.length > 0) return 'allExcluded';
  return null;
}

/** Locations the saved targeting has and the draft no longer has (the deletion prompt). */
export function removedSince(saved: RangeDraft, draft: RangeDraft): RangeLocation[] {
  const kept = new Set([...draft.included, ...draft.excluded].map((l) => l.key));
  return [...saved.included, ...saved.excluded].filter((l) => !kept.has(l.key));
}

export function rangesChanged(saved: RangeDraft, draft: RangeDraft): boolean {
  const sig = (d: RangeDraft) =>
    JSON.stringify(
      (['included', 'excluded'] as const).map((q) => d[q].map((l) => [l.key, l.mile_range ?? null, l.kilometer_range ?? null]).sort()),
    );
  return sig(saved) !== sig(draft);
}

/** spec 2 §5: an empty range-locations object is dropped (null) rather than stored. */
export function toTargetingRanges(draft: RangeDraft): Targeting['range_locations'] {
  return draft.included.length + draft.excluded.length === 0 ? null : { included: draft.included, excluded: draft.excluded };
}

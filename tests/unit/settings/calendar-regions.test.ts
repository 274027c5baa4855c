// The calendar card's regions (fresh-eyes walk): sorted by the place's own name, so Bremen and
// Hamburg are under B and H, not both under "Freie …"/"Hansestadt", and Salzburg under S.
import { describe, expect, it } from 'vitest';
import { byPlaceName, placeName } from '../../../src/islands/settings/CalendarSection';

describe('calendar regions', () => {
  it('drop the titles before the place', () => {
    expect(placeName('Freie Hansestadt Bremen')).toBe('Bremen');
    expect(placeName('Freie und Hansestadt Hamburg')).toBe('Hamburg');
    expect(placeName('Land Salzburg')).toBe('Salzburg');
    expect(placeName('Freistaat Bayern')).toBe('Bayern');
    expect(placeName('Nordrhein-Westfalen')).toBe('Nordrhein-Westfalen');
    // A place that merely starts with such a word keeps it.
    expect(placeName('Landshut')).toBe('Landshut');
  });
  it('sort by the place, in the reader\'s language', () => {
    const regions = ['Freie Hansestadt Bremen', 'Berlin', 'Freistaat Bayern', 'Hessen', 'Freie und Hansestadt Hamburg', 'Land Salzburg', 'Baden-Württemberg'].map((name) => ({ name }));
    expect(byPlaceName(regions, 'de').map((r) => placeName(r.name))).toEqual(['Baden-Württemberg', 'Bayern', 'Berlin', 'Bremen', 'Hamburg', 'Hessen', 'Salzburg']);
  });
});

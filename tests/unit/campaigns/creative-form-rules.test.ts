import { describe, expect, it } from 'vitest';
import {
  addEntry,
  canAddEntry,
  canRemoveEntry,
  chipLabel,
  fillEntries,
  formatAudienceIds,
  inheritableUrls,
  matchesSearch,
  parseAudienceIds,
  pasteCut,
  putInFirstBlank,
  removeEntry,
  reportDescription,
  setEntry,
  shownEntries,
  toggleAudience,
  urlError,
  visibleKeywords,
  warnsRemaining,
} from '../../../src/islands/campaigns/wizard/creative/creativeFormRules';

describe('list fields (spec 2 §5: 3 shown, up to 5, removal past the minimum)', () => {
  it('pads to three entries and never shortens a longer list', () => {
    expect(shownEntries([])).toEqual(['', '', '']);
    expect(shownEntries(['a'])).toEqual(['a', '', '']);
    expect(shownEntries(['a', 'b', 'c', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });
  it('adds blanks until five, then stops', () => {
    let list: string[] = [];
    for (let i = 0; i < 4; i++) list = addEntry(list);
    expect(list).toHaveLength(5);
    expect(canAddEntry(list)).toBe(false);
    expect(addEntry(list)).toHaveLength(5);
    expect(canAddEntry(['a', 'b', 'c', 'd'])).toBe(true);
  });
  it('removes only entries past the third', () => {
    const list = ['a', 'b', 'c', 'd', 'e'];
    expect(canRemoveEntry(2)).toBe(false);
    expect(canRemoveEntry(3)).toBe(true);
    expect(removeEntry(list, 1)).toEqual(list);
    expect(removeEntry(list, 3)).toEqual(['a', 'b', 'c', 'e']);
  });
  it('sets an entry of a padded list without touching the others', () => {
    expect(setEntry([], 2, 'x')).toEqual(['', '', 'x']);
    expect(setEntry(['a', 'b', 'c', 'd'], 3, 'z')).toEqual(['a', 'b', 'c', 'z']);
  });
  it('autofill replaces the values, cut to five and to the field limit', () => {
    expect(fillEntries(['one'], 'headline')).toEqual(['one', '', '']);
    expect(fillEntries(['1', '2', '3', '4', '5', '6'], 'body')).toEqual(['1', '2', '3', '4', '5']);
    expect(fillEntries(['h'.repeat(100)], 'headline')[0]).toHaveLength(80);
  });
  it('co-create fills the first blank, appends while there is room, refuses a full list', () => {
    expect(putInFirstBlank(['a', '', 'c'], '  new ', 'headline')).toEqual(['a', 'new', 'c']);
    expect(putInFirstBlank(['a', 'b', 'c'], 'new', 'body')).toEqual(['a', 'b', 'c', 'new']);
    expect(putInFirstBlank(['a', 'b', 'c', 'd', 'e'], 'new', 'body')).toBeNull();
  });
});

describe('counters and URLs', () => {
  it('warns when fewer than six characters remain', () => {
    expect(warnsRemaining('headline', 74)).toBe(false);
    expect(warnsRemaining('headline', 75)).toBe(true);
    expect(warnsRemaining('description', 245)).toBe(true);
    expect(warnsRemaining('description', 244)).toBe(false);
    expect(warnsRemaining('body', 0)).toBe(false);
  });
  it('flags a non-blank URL that does not match the pattern', () => {
    expect(urlError('')).toBeNull();
    expect(urlError('   ')).toBeNull();
    expect(urlError('https://tickets.example.com/show')).toBeNull();
    expect(urlError('www.example.de')).toBeNull();
    expect(urlError('example.com')).toBe('common.errors.wrongUrlFormat');
    expect(urlError('https://example.c')).toBe('common.errors.wrongUrlFormat');
  });
  it('inherits only the valid URLs of the first cluster', () => {
    expect(inheritableUrls(['https://a.example.com', 'nope', '', 'www.b.example.org'])).toEqual(['https://a.example.com', 'www.b.example.org', '']);
    expect(inheritableUrls(['nope', ''])).toBeNull();
    expect(inheritableUrls(undefined)).toBeNull();
  });
});

describe('audiences (comma-separated ids)', () => {
  it('parses, formats and toggles ids', () => {
    expect(parseAudienceIds(null)).toEqual([]);
    expect(parseAudienceIds('12,34')).toEqual(['12', '34']);
    expect(formatAudienceIds([])).toBeNull();
    expect(formatAudienceIds(['12', '12', '7'])).toBe('12,7');
    expect(toggleAudience(null, '5')).toBe('5');
    expect(toggleAudience('5,6', '5')).toBe('6');
    expect(toggleAudience('6', '6')).toBeNull();
  });
  it('searches names case-insensitively and ids', () => {
    const a = { id: '2384', name: 'Website Visitors 30d' };
    expect(matchesSearch(a, 'visitors')).toBe(true);
    expect(matchesSearch(a, '238')).toBe(true);
    expect(matchesSearch(a, 'lookalike')).toBe(false);
    expect(matchesSearch(a, '  ')).toBe(true);
  });
});

describe('keyword chips and reports', () => {
  it('cuts labels at 30 characters, 40 on wide screens, with an ellipsis', () => {
    const long = 'Contemporary chamber music festival goers';
    expect(chipLabel('Jazz', false)).toBe('Jazz');
    const narrow = chipLabel(long, false);
    expect([...narrow]).toHaveLength(30);
    expect(narrow.endsWith('…')).toBe(true);
    expect(chipLabel(long, true)).toHaveLength(40);
    expect(chipLabel('x'.repeat(30), false)).toBe('x'.repeat(30));
  });
  it('shows four keywords until expanded', () => {
    const k = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(visibleKeywords(k, false)).toEqual(['a', 'b', 'c', 'd']);
    expect(visibleKeywords(k, true)).toEqual(k);
  });
  it("sends the comment, or '_' without one", () => {
    expect(reportDescription(null)).toBe('_');
    expect(reportDescription('   ')).toBe('_');
    expect(reportDescription(' not a jazz event ')).toBe('not a jazz event');
  });
});

describe('paste cut to the limit (issue 20)', () => {
  it('counts what a 492-character paste into an empty 280-character body loses', () => {
    expect(pasteCut(280, { length: 0, selected: 0 }, 'a'.repeat(492), true)).toBe(212);
  });
  it('is 0 when the paste fits, also exactly', () => {
    expect(pasteCut(280, { length: 0, selected: 0 }, 'a'.repeat(280), true)).toBe(0);
    expect(pasteCut(80, { length: 70, selected: 0 }, 'b'.repeat(10), false)).toBe(0);
  });
  it('counts the text already in the field, minus the selection the paste replaces', () => {
    expect(pasteCut(80, { length: 70, selected: 0 }, 'b'.repeat(15), false)).toBe(5);
    expect(pasteCut(80, { length: 70, selected: 20 }, 'b'.repeat(15), false)).toBe(0);
    expect(pasteCut(80, { length: 80, selected: 0 }, 'xyz', false)).toBe(3);
  });
  it('measures line breaks as the field keeps them', () => {
    // A textarea keeps one \n per break; a one-line input drops them.
    expect(pasteCut(10, { length: 0, selected: 0 }, 'abcde\r\nfghij', true)).toBe(1);
    expect(pasteCut(10, { length: 0, selected: 0 }, 'abcde\r\nfghij', false)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { includedEvents, includedEventsPath, wantsIncludedEvents } from '../../../src/lib/campaigns/included-events';

const series = [{ id: 'e1' }, { id: 'e2' }, { id: 'e3' }, { id: 'e4' }];

describe('included events (spec 2 §2 campaign statistics panel)', () => {
  it('lists the included dates in the order of the series, not of the ids', () => {
    expect(includedEvents(series, ['e3', 'e1']).events.map((e) => e.id)).toEqual(['e1', 'e3']);
  });
  it('leaves out the dates of the series the figures do not count', () => {
    const r = includedEvents(series, ['e2']);
    expect(r.events.map((e) => e.id)).toEqual(['e2']);
    expect(r.unlisted).toBe(0);
  });
  it('counts the included dates the series no longer lists (archived since publish)', () => {
    const r = includedEvents(series, ['e1', 'gone', 'e4', 'gone-too']);
    expect(r.events.map((e) => e.id)).toEqual(['e1', 'e4']);
    expect(r.unlisted).toBe(2);
  });
  it('counts a repeated id once', () => {
    expect(includedEvents(series, ['e1', 'e1'])).toEqual({ events: [{ id: 'e1' }], unlisted: 0 });
  });
  it('reads open_included_events=true only', () => {
    expect(wantsIncludedEvents(new URLSearchParams('open_included_events=true'))).toBe(true);
    expect(wantsIncludedEvents(new URLSearchParams('open_included_events=false'))).toBe(false);
    expect(wantsIncludedEvents(new URLSearchParams('open_included_events'))).toBe(false);
    expect(wantsIncludedEvents(new URLSearchParams(''))).toBe(false);
  });
  it('links the campaign page that opens them', () => {
    expect(includedEventsPath('e1001-00012')).toBe('/campaigns/e1001-00012?open_included_events=true');
    expect(includedEventsPath('a/b')).toBe('/campaigns/a%2Fb?open_included_events=true');
  });
});

// The demo's own events must pass their own event form (issue 20 §2.1): every role the seed gives
// an artist is one of spec 3 §3's artist roles, which the event and ITC forms require.
import { describe, expect, it } from 'vitest';
import { programmeOf } from '../../src/server/demo/programme';
import { ARTISTS, COMEDIANS, ENSEMBLES } from '../../src/server/demo/names';
import { ARTIST_ROLES } from '../../src/lib/contracts/event-form';

describe('demo programme roles', () => {
  it('uses only spec 3 §3 artist roles for every kind of show', () => {
    const titles = (lng: 'de' | 'en') => [
      ...ARTISTS[lng].map((a) => `${a} live`),
      ...COMEDIANS[lng].map((c) => `${c}: Programm`),
      ...ENSEMBLES[lng].map((e) => `${e} – Brahms: Violinkonzert`),
      'Festival am See',
      'Carmen',
      'Schwanensee',
    ];
    const roles = new Set<string>();
    for (const lng of ['de', 'en'] as const)
      for (const kind of ['concert', 'festival', 'classical', 'opera', 'dance', 'musical', 'comedy'])
        for (const title of titles(lng)) for (const l of programmeOf(title, kind, lng).lineups) roles.add(l.artist_type);
    expect(roles.size).toBeGreaterThan(2);
    for (const role of roles) expect(ARTIST_ROLES as readonly string[]).toContain(role);
  });
});

// Splitting the audience into variations (spec 3 §3 "Variation"): counts, targeting modes,
// reproducibility and the shape the results screen reads.
import { describe, expect, it } from 'vitest';
import { INCLUSIVE_RATIO, MAX_KEYWORD_LENGTH, buildPackages, planVariations, rankWeights, type BuildInput, type BuildSettingsInput } from '../../../src/server/engines/packages';
import { genreEvent, season } from './helpers';

const genres = ['classical', 'opera', 'pop', 'comedy'] as const;
function partner(settings: Partial<BuildSettingsInput> = {}): BuildInput {
  const s = season(11, genres, 6, 25);
  // a second upcoming event per genre, so 8 events can form 3 variations of 3
  const extra = genres.map((g) => genreEvent(g, `${g}-up2`, 90));
  return { ...s, chosenEvents: [...s.chosenEvents, ...extra], settings: { targeting_mode: 'selective_mode', audienceShare: 1, ...settings } };
}

describe('variation counts', () => {
  it('makes num_packages variations of n_top_events events each (defaults 3 and 3)', () => {
    const build = buildPackages(partner());
    expect(build.variations).toHaveLength(3);
    for (const v of build.variations) {
      expect(v.event_ids).toHaveLength(3);
      expect(Object.keys(v).filter((k) => k.startsWith('top_event_')).sort()).toEqual(['top_event_1', 'top_event_2', 'top_event_3']);
      expect(v.event_ids).toEqual([v.top_event_1!.event_id, v.top_event_2!.event_id, v.top_event_3!.event_id]);
    }
  });

  it('respects other counts', () => {
    const build = buildPackages(partner({ num_packages: 2, n_top_events: 2 }));
    expect(build.variations).toHaveLength(2);
    for (const v of build.variations) {
      expect(v.event_ids).toHaveLength(2);
      expect(v.top_event_3).toBeUndefined();
    }
  });

  it('never makes more variations than chosen events, nor shows an event twice in one', () => {
    const s = season(3, ['classical', 'opera']);
    const build = buildPackages({ ...s, settings: { targeting_mode: 'selective_mode', num_packages: 5, n_top_events: 3, audienceShare: 1 } });
    expect(build.variations.length).toBeLessThanOrEqual(2);
    for (const v of build.variations) {
      expect(v.event_ids).toHaveLength(2);
      expect(new Set(v.event_ids).size).toBe(2);
    }
  });

  it('gives every variation a different lead event', () => {
    const build = buildPackages(partner({ num_packages: 4 }));
    const leads = build.variations.map((v) => v.event_ids[0]);
    expect(new Set(leads).size).toBe(leads.length);
  });

  it('gives a different lead event even when every group likes the same event best', () => {
    // Everyone likes event 0 most; half also like event 1, the other half event 2.
    const rows = [...Array.from({ length: 10 }, () => [1, 0.8, 0]), ...Array.from({ length: 8 }, () => [1, 0, 0.8])];
    const scores = Float32Array.from(rows.flat());
    const plans = planVariations(scores, 3, rows.map((_, i) => i), { numPackages: 2, nTopEvents: 2, mode: 'selective_mode', seed: 1 });
    expect(plans.map((p) => p.events[0]).sort()).toEqual([0, 2]);
    expect(plans.find((p) => p.events[0] === 0)!.events).toEqual([0, 1]);
    expect(plans.find((p) => p.events[0] === 2)!.events).toEqual([2, 0]);
  });

  it('answers no variations without chosen events or history', () => {
    expect(buildPackages({ ...partner(), chosenEvents: [] }).variations).toEqual([]);
    expect(buildPackages({ ...partner(), purchases: [] }).variations).toEqual([]);
  });
});

describe('targeting modes', () => {
  it('selective_mode puts every customer into at most one variation', () => {
    const build = buildPackages(partner());
    const all = build.variations.flatMap((v) => v.customer_ids);
    expect(new Set(all).size).toBe(all.length);
    expect(build.n_customers).toBe(all.length);
  });

  it('inclusive_mode puts a customer into every variation close to their best, so lists overlap', () => {
    const selective = buildPackages(partner());
    const inclusive = buildPackages(partner({ targeting_mode: 'inclusive_mode' }));
    expect(inclusive.variations.map((v) => v.event_ids)).toEqual(selective.variations.map((v) => v.event_ids));
    const all = inclusive.variations.flatMap((v) => v.customer_ids);
    expect(new Set(all).size).toBeLessThan(all.length);
    // the same audience, and each customer's best variation is among theirs
    expect(inclusive.n_customers).toBe(selective.n_customers);
    selective.variations.forEach((v, i) => {
      const wider = new Set(inclusive.variations[i].customer_ids);
      expect(v.customer_ids.every((id) => wider.has(id))).toBe(true);
    });
  });

  it('inclusive_mode keeps a customer out of a variation below the ratio of their best', () => {
    const inclusive = buildPackages(partner({ targeting_mode: 'inclusive_mode' }));
    const scores = new Map<number, number[]>();
    inclusive.variations.forEach((v) => v.customer_ids.forEach((id, k) => scores.set(id, [...(scores.get(id) ?? []), v.customer_scores[k]])));
    for (const list of scores.values()) {
      const best = Math.max(...list);
      // scores are rounded to 4 decimals
      expect(list.every((s) => s >= INCLUSIVE_RATIO * best - 1e-4)).toBe(true);
    }
  });

  it('orders each variation best first', () => {
    for (const v of buildPackages(partner({ targeting_mode: 'inclusive_mode' })).variations) {
      expect(v.customer_scores.every((s, i) => i === 0 || v.customer_scores[i - 1] >= s)).toBe(true);
    }
  });

  it('lead events weigh most in a variation', () => {
    expect(rankWeights(3)).toEqual([3 / 6, 2 / 6, 1 / 6]);
  });
});

describe('audience size', () => {
  it('keeps at most audienceShare of the scored customers', () => {
    const full = buildPackages(partner());
    const third = buildPackages(partner({ audienceShare: 0.3 }));
    expect(third.n_customers).toBe(Math.ceil(full.scoredCustomers * 0.3));
    expect(full.n_customers).toBe(full.scoredCustomers);
  });
});

describe('reproducibility', () => {
  it('gives the same package for the same inputs', () => {
    expect(buildPackages(partner())).toEqual(buildPackages(partner()));
  });

  it('does not depend on the order events and customers were loaded in', () => {
    const input = partner();
    const reordered: BuildInput = {
      ...input,
      chosenEvents: [...input.chosenEvents].reverse(),
      pastEvents: [...input.pastEvents].reverse(),
      customers: [...input.customers].reverse(),
    };
    expect(buildPackages(reordered)).toEqual(buildPackages(input));
  });
});

describe('what the results screen reads', () => {
  it('has titles, keywords of at most 30 characters and top events with their place and time', () => {
    const build = buildPackages(partner());
    const titles = build.variations.map((v) => v.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const v of build.variations) {
      expect(v.title.length).toBeGreaterThan(0);
      expect(v.campaign.keywords.length).toBeGreaterThan(0);
      for (const k of [...v.campaign.keywords, ...v.top_event_1!.keywords]) expect(k.length).toBeLessThanOrEqual(MAX_KEYWORD_LENGTH);
      expect(v.top_event_1).toMatchObject({ hall_name: expect.any(String), venue_name: 'Konzerthaus' });
      expect(new Date(v.top_event_1!.start_date_time).toISOString()).toBe(v.top_event_1!.start_date_time);
    }
  });

  it("takes a variation's keywords from its own events", () => {
    const build = buildPackages(partner());
    for (const v of build.variations) {
      const genre = v.event_ids[0].split('-')[0];
      const words = { classical: 'Beethoven', opera: 'Verdi', pop: 'Lumineers', comedy: 'Brugger' }[genre]!;
      expect(v.campaign.keywords.join(' ')).toContain(words);
    }
  });
});

describe('no identical variations (fresh-eyes: 2 events, inclusive mode)', () => {
  it('keeps one of two plans with the same events and the same customers', () => {
    // Two events; with the propensity probabilities a customer scores the same in [0,1] and [1,0].
    const rows = [...Array.from({ length: 6 }, () => [1, 0.2]), ...Array.from({ length: 6 }, () => [0.2, 1])];
    const scores = Float32Array.from(rows.flat());
    const probabilities = Float32Array.from(rows.flat().map((x) => x * 0.3));
    const audience = rows.map((_, i) => i);
    const plans = planVariations(scores, 2, audience, { numPackages: 3, nTopEvents: 3, mode: 'inclusive_mode', seed: 1, probabilities, candidates: audience });
    expect(plans).toHaveLength(1);
    expect([...plans[0].events].sort()).toEqual([0, 1]);
  });
});

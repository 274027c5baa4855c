// buildPackagesAsync is the build the packages module runs in the worker: the same package as
// buildPackages, with a pause before each stage (and inside the long ones: the propensity ranker's
// training and scoring, each variation's statistics) so the shared event loop can serve requests.
import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../../src/lib/seeded-random';
import { buildPackages, buildPackagesAsync, type BuildInput, type BuildStage, type Customer, type EventFeatures, type Purchase } from '../../../src/server/engines/packages';
import { DAY, NOW, genreEvent, purchase, season, type Genre } from './helpers';

describe('buildPackagesAsync', () => {
  it('answers exactly what buildPackages answers, pausing before every stage in order', async () => {
    const input = { ...season(7), settings: { targeting_mode: 'inclusive_mode' as const, seed: 3 } };
    const stages: BuildStage[] = [];
    let turns = 0;
    const async = await buildPackagesAsync(input, async (stage) => {
      stages.push(stage);
      await new Promise<void>((r) => setImmediate(r));
      turns++;
    });
    // Each stage in order; the ranking and the statistics pause more than once inside their stage.
    expect(stages.filter((x, i) => x !== stages[i - 1])).toEqual(['links', 'history', 'collaborative', 'scores', 'variations', 'statistics']);
    expect(turns).toBe(stages.length);
    expect(async.variations.length).toBeGreaterThan(0);
    expect(async).toEqual(buildPackages(input));
  });

  it('lets a timer run between stages (the event loop turns)', async () => {
    const input = { ...season(11), settings: { targeting_mode: 'selective_mode' as const } };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    try {
      await buildPackagesAsync(input, () => new Promise<void>((r) => setTimeout(r, 1)));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('the propensity ranker, step by step', () => {
  /** Two years of a genre per customer, busy enough that the ranker fits (not the affinity fallback). */
  function busy(): Omit<BuildInput, 'settings'> {
    const random = mulberry32(4);
    const genres: Genre[] = ['classical', 'opera', 'pop'];
    const pastEvents: EventFeatures[] = Array.from({ length: 240 }, (_, k) => genreEvent(genres[k % 3], `e${String(k).padStart(3, '0')}`, -4 - k * 4));
    const chosenEvents = genres.map((g, k) => genreEvent(g, `${g}-up`, 30 + 15 * k));
    const customers: Customer[] = Array.from({ length: 240 }, (_, i) => ({ id: i + 1, adsOptOut: false }));
    const purchases: Purchase[] = [];
    for (const c of customers) {
      for (const e of pastEvents) {
        const mine = e.category === genreEvent(genres[c.id % 3], 'x', 0).category;
        if (random() < 0.2 * (mine ? 1 : 0.1)) purchases.push(purchase(c.id, e.id, { soldAtMs: e.startMs - (5 + Math.floor(random() * 30)) * DAY }));
      }
    }
    return { chosenEvents, pastEvents, purchases, customers, nowMs: NOW };
  }

  it('pauses inside the ranking stage and still gives the package buildPackages gives', async () => {
    const input = { ...busy(), settings: { targeting_mode: 'selective_mode' as const } };
    const sync = buildPackages(input);
    expect(sync.ranking).toEqual({ method: 'propensity', fallback: null });
    const stages: BuildStage[] = [];
    const async = await buildPackagesAsync(input, async (stage) => void stages.push(stage));
    expect(stages.filter((s) => s === 'variations').length).toBeGreaterThanOrEqual(6);
    expect(async).toEqual(sync);
  });
});

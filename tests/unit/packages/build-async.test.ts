// buildPackagesAsync is the build the packages module runs in the worker: the same package as
// buildPackages, with a pause before each stage so the shared event loop can serve requests.
import { describe, expect, it } from 'vitest';
import { buildPackages, buildPackagesAsync, type BuildStage } from '../../../src/server/engines/packages';
import { season } from './helpers';

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
    expect(stages).toEqual(['links', 'history', 'collaborative', 'scores', 'variations', 'statistics']);
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

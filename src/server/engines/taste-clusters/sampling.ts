// Seeded randomness of the engine: the same seed gives the same run (ml-kmeans takes its own
// seed for k-means++; samples and bootstraps draw from this).

import { mulberry32 } from '../../../lib/seeded-random';

/** Uniforms in [0, 1), the same for the same seed (the engine's one generator). */
export const seededRandom = mulberry32;

/** `m` distinct indices of [0, n), in random order (all of them, shuffled, when m ≥ n). */
export function sampleIndices(n: number, m: number, random: () => number): number[] {
  const idx = Array.from({ length: n }, (_, i) => i);
  const take = Math.min(m, n);
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (n - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, take);
}

/** `n` indices of [0, n) drawn with replacement (a bootstrap sample). */
export function bootstrapIndices(n: number, random: () => number): number[] {
  return Array.from({ length: n }, () => Math.floor(random() * n));
}

// Seeded randomness of the engine: the same seed gives the same run (ml-kmeans takes its own
// seed for k-means++; samples and bootstraps draw from this).

/** mulberry32: a tiny, well-mixed 32-bit generator; returns uniforms in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

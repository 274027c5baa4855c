// mulberry32: a tiny, well-mixed, seedable 32-bit generator for everything that must draw the same
// numbers on every machine and run (generator regimes, bootstrap resamples, k-means++ starts,
// bench files). Math.random cannot be seeded. The demo seed keeps its own sfc32 (demo/random.ts):
// its stream defines the demo data.

/** Uniform numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

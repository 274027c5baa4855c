// Small, deterministic booking histories for the engine's tests, from the regime generator
// beside the demo generator (src/server/demo/forecast-regimes.ts). `history` is the demo's own
// rule (strong events sell early); tests of the model's choice run every regime.
import { makeEvent, regimeHistory, rng, type EventSpec, type RegimeOptions } from '../../../src/server/demo/forecast-regimes';

export { makeEvent, rng, type EventSpec };

export const DAY0 = 20_000; // a UTC day number in 2024

/** `n` finished events, one every `spacing` days from DAY0, shares spread over 0.25–1, strong ones selling early. */
export function history(n: number, opts: Omit<RegimeOptions, 'firstDay'> = {}) {
  return regimeHistory('strong_early', n, { ...opts, firstDay: DAY0 });
}

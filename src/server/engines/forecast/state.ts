// How the forecast judges an upcoming event: its predicted final share against comparable
// events' final share, with a tolerance band so that noise does not flip the verdict.

import type { ForecastState } from './types';

/** Percentage points either side of the comparables' final share that still count as on track. */
export const ON_TRACK_BAND = 5;

/** Shares in percent. */
export function classify(predicted: number, benchmark: number, band = ON_TRACK_BAND): Extract<ForecastState, 'below' | 'on_track' | 'above'> {
  const diff = predicted - benchmark;
  if (diff > band) return 'above';
  if (diff < -band) return 'below';
  return 'on_track';
}

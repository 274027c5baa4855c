// The state badge of a dashboard row (issue 20 §4). The badge is the forecast's verdict (where the
// event is predicted to end against where comparable events ended, engines/forecast/state.ts),
// while the numbers beside it are today's sold share against comparable events at the same point;
// the two can disagree ("above" next to 36.9 % vs 39.9 %), so a verdict of the forecast says so.
// Sold out and finished are facts, not predictions, and keep their plain names.
import type { ForecastState } from '../../lib/contracts/events';

const PREDICTED: ReadonlySet<ForecastState> = new Set(['below', 'on_track', 'above', 'no_data']);

/** The i18n key of a row's badge. */
export function badgeKey(state: ForecastState): string {
  return PREDICTED.has(state) ? `dashboard.row.forecastState.${state}` : `event.benchmark.states.${state}`;
}

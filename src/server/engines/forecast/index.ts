// The forecasting engine (pure TypeScript, no I/O): comparable events, candidate forecasts (the
// classic baselines, analogue pickup, a learned model) chosen per partner by rolling-origin
// replay, learnt per population of the partner's events (segments), the backtest that proves them. The forecast module loads and stores.
export { DAY_MS, MAX_DAYS, MODEL_VERSION, type EventRecord, type Forecast, type ForecastState } from './types';
export { createForecaster, forecasterFor, forecastEvent, type Forecaster, type ForecastOptions } from './forecast';
export { DEFAULT_PARAMS, type ModelParams } from './model';
export { learnModel, type LearntModel } from './learner';
export { learnSegmented, partFor, type SegmentedModel } from './segmented';
export { partitionHistory, type Partition, type PoolTest } from './segments';
export { DEFAULT_COUNTRY, holidayCalendar, holidayRegion, holidayRegions, isHolidayCountry, isHolidayRegion, partnerHolidays, type HolidayCalendar, type PartnerPlace } from './holidays';
export { buildHistory, type History } from './history';
export { ON_TRACK_BAND } from './state';
export {
  BACKTEST_HORIZONS,
  BASELINES,
  METHODS,
  improvement,
  runBacktest,
  type BacktestItem,
  type BacktestResult,
  type BacktestRow,
  type Method,
} from './backtest';
export { bootstrapDifference, type BootstrapInterval } from './bootstrap';

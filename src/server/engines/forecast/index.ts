// The forecasting engine (pure TypeScript, no I/O): comparable events, pickup forecasts with a
// learnt blend, the backtest that proves them. The forecast module loads and stores.
export { DAY_MS, MAX_DAYS, MODEL_VERSION, type EventRecord, type Forecast, type ForecastState } from './types';
export { createForecaster, forecasterFor, forecastEvent, type Forecaster, type ForecastOptions } from './forecast';
export { DEFAULT_PARAMS, trainBlendWeights, type ModelParams } from './model';
export { type BlendWeights } from './blend';
export { buildHistory, type History } from './history';
export { ON_TRACK_BAND } from './state';
export { BACKTEST_HORIZONS, METHODS, improvement, runBacktest, type BacktestResult, type BacktestRow, type Method } from './backtest';

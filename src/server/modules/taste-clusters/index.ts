// The taste-clusters module: ITC runs (spec 2 §4) over the partner's customers, stored per event,
// and the campaign recommendations read from them. Importing it registers the task.
export { ITC_TASK, ItcPayload } from './tasks';
export { executeItcRun, type ItcRunRequest } from './run';
export { defaultRuntimeDays, eventCampaigns, itcStatus, itcStatusOf, splitBudget, startItc, suggestedTcs, type TcCtx } from './service';
export { loadCustomerAggregates, loadEvent, eventBuyers } from './load';
export { clustersOf, latestRun, latestSuccessfulRun, previousClusters } from './store';

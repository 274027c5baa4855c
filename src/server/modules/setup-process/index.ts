// The campaign setup process (issue 14; spec 2 §4 Setup lifecycle and Publishing, §7 Setup process).
// Importing ./boost-task registers the publishing task (the worker imports it).
export { boost, getSetup, removeSetup, startSetup, updateSetup, type SetupCtx } from './service';
export { StartPayload, UpdatePayload, PAYLOAD_MESSAGES } from './validation';
export { BOOST_TASK } from './boost-task-kind';
export { publishedClusters, type PublishedCluster } from './published';

// The resort-hotel test reads the import-format files without a database (the reader lives with
// the converter in src/server/demo/). Once the history import service is merged, this is the
// place to swap in "import the files through the service into a test database, then
// loadPartnerEvents": the test only needs EventRecords.
export { readHistoryRecords } from '../../src/server/demo/history-files';

// The resort-hotel unit test reads the import-format files without a database (the reader lives
// with the converter in src/server/demo/); tests/api/history-import-resort.test.ts imports the
// same files through the history import service and checks that the engine then sees exactly
// these records.
export { readHistoryRecords } from '../../src/server/demo/history-files';

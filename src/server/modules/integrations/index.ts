// The integrations module (issue 23): secrets for third-party services and the CRM export.
// Importing it registers the crm.export task.
export { addSecret, integrationTypes, listSecrets, removeSecret, supportedCrms, type Who } from './secrets';
export { eligibleContacts, previewNlqExport, previewPackageExport, runCrmExport, runExportTask, startNlqExport, startPackageExport } from './export';

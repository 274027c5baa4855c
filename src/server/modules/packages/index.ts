// The packages module (issue 23, spec 3 package builder): packages built by the engine
// (src/server/engines/packages) from the partner's data as a task, read, regenerated, merged and
// exported as CSV; the wizard's event search and customer id matching. Importing it registers the
// packages.build task.
export { PACKAGE_BUILD_TASK, BUILD_ATTEMPTS, EXPIRY_MS, createPackage, getPackage, listPackages, regeneratePackage, mergePackages, effectiveStatus, mergedTitle, variationSlug, defaultTitle, seedOf, canonicalInputs, type PkgCtx } from './service';
export { executeBuild, BuildPayload } from './jobs';
export { customerList, findVariation, exportFileName, CSV_PAGE } from './customer-list';
export { searchEvents, matchCustomers } from './search';
export { exportableMembersPage, loadBuildData, insertMembers, type MemberRow } from './repo';
export { DEMO_FLAG, DEMO_PACKAGE_ID, isPackageDemo, demoPackage, demoListItem, demoModeRefused, demoExportRefused } from './demo';

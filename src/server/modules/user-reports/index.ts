// Topic-keyword reports (spec 2 §3 Report, §4 Topic report, §7 Reports).
export { createReport, deleteReportsOfSetups, listReports, reportedKey, reportedKeywords, type ReportCtx } from './service';

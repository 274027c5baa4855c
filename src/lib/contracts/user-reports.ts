// Topic-keyword reports on the wire — spec 2 §3 "Report" (description, report_type
// WRONG_TOPIC_RECOMMENDATION, event_id, tc, tc_run_id, keyword, setup_process_id), §4 "Topic report
// and autofill" (a reported keyword is disabled; on timeout the description is '_'), §7 "Reports".
// All need the wave permission (src/lib/routes.ts API_RULES); every query is scoped to the
// viewer's partner.
//
// Calls:
//   POST /api/v3/user_reports                       UserReportBody → 201 UserReport
//   GET  /api/v3/user_reports?event_id=&reportType=&tc=&tc_run_id= → 200 UserReportsResponse
//   POST /api/v3/user_reports/delete                DeleteUserReportsBody → 204 (the reports
//        made during those setups; ids of another partner delete nothing)
// Errors (ARCHITECTURE §3 body): 400 error.validation.invalid, 403 error.auth.forbidden (subcode wave),
// 404 error.common.notFound (the event, the cluster of that run or the setup process is not the
// partner's), 422 error.user_reports.unknown_keyword (the keyword is not one of the cluster's topics).
import { z } from 'zod';
import { text } from './common';

export const REPORT_TYPES = ['WRONG_TOPIC_RECOMMENDATION'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
/** spec 2 §4: the description sent when the 10 s countdown ends or the user clicks outside. */
export const TIMEOUT_DESCRIPTION = '_';
export const REPORT_DESCRIPTION_MAX = 1000;

const eventId = text().min(1).max(200);
const tc = z.number().int().min(0).max(1_000_000);
const tcRunId = z.number().int().min(1).max(2_147_483_647);

export const UserReportBody = z.object({
  description: text().trim().min(1).max(REPORT_DESCRIPTION_MAX),
  report_type: z.enum(REPORT_TYPES),
  event_id: eventId,
  tc,
  tc_run_id: tcRunId,
  /** One of the cluster's topic keywords, as shown (either language). */
  keyword: text().trim().min(1).max(200),
  setup_process_id: z.uuid().nullable().optional(),
});
export type UserReportBody = z.infer<typeof UserReportBody>;

export const UserReport = z.object({
  id: z.uuid(),
  description: z.string(),
  report_type: z.enum(REPORT_TYPES),
  event_id: z.string(),
  tc: z.number().int(),
  tc_run_id: z.number().int(),
  keyword: z.string(),
  setup_process_id: z.string().nullable(),
  created_at: z.string(),
});
export type UserReport = z.infer<typeof UserReport>;

export const UserReportsQuery = z.object({
  event_id: eventId,
  /** The spec's camelCase name; `report_type` is accepted too. */
  reportType: z.enum(REPORT_TYPES).optional(),
  report_type: z.enum(REPORT_TYPES).optional(),
  tc: z.coerce.number().int().min(0).max(1_000_000).optional(),
  tc_run_id: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type UserReportsQuery = z.infer<typeof UserReportsQuery>;

export const UserReportsResponse = z.object({ items: z.array(UserReport) });
export type UserReportsResponse = z.infer<typeof UserReportsResponse>;

export const DeleteUserReportsBody = z.object({ setup_process_ids: z.array(z.uuid()).min(1).max(100) });
export type DeleteUserReportsBody = z.infer<typeof DeleteUserReportsBody>;

// spec 2 §7 "Reports" for the creative form's topic keywords (contract: ../contracts/user-reports).
// Types only from the contracts, so zod stays out of the browser bundles.
import type { DeleteUserReportsBody, UserReport, UserReportBody, UserReportsQuery, UserReportsResponse } from '../contracts/user-reports';
import { call, mainApi } from './client';

/** Reports a topic keyword of a cluster as a wrong recommendation (spec 2 §4: description '_' on timeout). */
export const reportKeyword = (body: UserReportBody, signal?: AbortSignal) => call<UserReport>(mainApi, '/user_reports', { method: 'post', json: body, signal });

/** The event's reports, optionally of one type and cluster; `items[].keyword` are the reported keywords. */
export const reportedKeywords = (query: Omit<UserReportsQuery, 'report_type'>, signal?: AbortSignal) =>
  call<UserReportsResponse>(mainApi, '/user_reports', {
    searchParams: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string | number>,
    signal,
  });

/** Removes the reports made during these setups (e.g. when a setup is cancelled). */
export const deleteReports = (body: DeleteUserReportsBody, signal?: AbortSignal) => call<void>(mainApi, '/user_reports/delete', { method: 'post', json: body, signal });

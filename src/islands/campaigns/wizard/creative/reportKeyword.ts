// The topic report of a keyword chip (spec 2 §3 Report, §4 Topic report and autofill, §7 Reports).
// The shared client src/lib/api/userReports.ts is being built on branch `budget`; until it lands
// this is the call against the documented body (spec 2 §3 Report), and the form imports it from here.
import { call, mainApi } from '../../../../lib/api/client';

export interface KeywordReport {
  event_id: string;
  setup_process_id: string;
  tc: number;
  tc_run_id: number;
  keyword: string;
  /** The user's comment, or '_' when the popover sent by itself (timeout, outside click). */
  description: string;
}

export const reportKeyword = (report: KeywordReport, signal?: AbortSignal) =>
  call<unknown>(mainApi, '/user_reports', { method: 'post', json: { ...report, report_type: 'WRONG_TOPIC_RECOMMENDATION' }, signal });

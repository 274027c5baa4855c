// spec 2 §2 "Campaign report (PDF, A4)" and §9 constants (issue 22): rules of the report shared by
// the server that renders it and the statistics panel that offers it.

/** spec 2 §9 "Report: 2 included events": the report lists this many, then a 'more events' link. */
export const REPORT_INCLUDED_EVENTS = 2;

/** spec 2 §2: the download-PDF button is shown only when the event has a title. */
export const canDownloadReport = (title: string | null | undefined): boolean => (title ?? '').trim().length > 0;

/**
 * The report's file name: the event's title, the report's name in the user's language (`word`)
 * and the day it was made, with what file systems refuse (path
 * separators, reserved characters, control characters) replaced and the length bounded.
 */
export function reportFileName(title: string, day: string, word: string): string {
  const safe = title
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${safe || word} – ${word} ${day}.pdf`;
}

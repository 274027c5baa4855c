// The campaign report (spec 2 §2 "Campaign report (PDF, A4)", issue 22): one A4 page with the
// header logo, the event's title, date, city, hall and venue, a created-at stamp, the ads
// overview, the results for the event and its series (purchases, ad spend per ticket, revenue,
// return on ad spend) under the attribution model in force, the statistics tab's chart, and up to
// REPORT_INCLUDED_EVENTS included events with a 'more events' link.
//
// Pure apart from reading the fonts and the logo once: it takes figures already computed by the
// statistics tab's code (service.ts) and formats them with the tab's own formatters
// (islands/campaigns/stats/figures.ts), so the PDF cannot say anything the tab does not.
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import type { Language } from '../../../lib/constants';
import type { CampaignResults, FbInsights } from '../../../lib/contracts/campaign-results';
import { REPORT_INCLUDED_EVENTS } from '../../../lib/campaigns/report-rules';
import { pageI18n } from '../../../lib/i18n/server';
import type { Product } from '../../../lib/i18n/namespaces';
import { adFigures, resultFigures, seriesDisabled, seriesNoteKey } from '../../../islands/campaigns/stats/figures';
import { DATE_ONLY_CATEGORIES, formatCount, formatDayUtc, formatEventDate } from '../../../islands/events/detail/format';
import { CHART_COLORS } from '../../../islands/events/detail/charts/theme';
import { config } from '../../config';
import { resultsChartSvg } from './chart';
import { resultsChartTexts } from '../../../islands/campaigns/stats/resultsChart';
import { fontRuns, REPORT_FONT, REPORT_FONT_BOLD, REPORT_FONT_CJK, reportFonts } from './fonts';

export interface ReportEvent {
  id: string;
  title: string;
  start_date_time: string;
  category: string;
  city: string | null;
  hall_name: string | null;
  venue_name: string | null;
}

export interface ReportInput {
  event: ReportEvent;
  insights: FbInsights;
  results: CampaignResults;
  /** Every event the series figures include, in date order (the report lists the first few). */
  included: ReportEvent[];
  /** Where the full list opens in the console (spec 2 §2 `open_included_events=true`). */
  moreUrl: string;
  language: Language;
  product?: Product | null;
  /** The created-at stamp. */
  now: Date;
  /** The sandbox ad platform: say the figures are simulated. */
  sandbox?: boolean;
}

/** A4 in PDF points, and the page's margin. */
export const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
const WIDTH = PAGE.width - 2 * PAGE.margin;
const TEXT = '#1f2430';
const MUTED = '#5b6275';
const RULE = CHART_COLORS.border;
const PANEL = '#f4f5f9';

// The console's mark (public/favicon.svg, the sidebar's Logo); read from where the build keeps it.
const LOGO_FILES = [path.join(config.rootDir, 'public/favicon.svg'), path.join(config.rootDir, 'dist/client/favicon.svg')];
let logoSvg: string | null | undefined;
function logo(): string | null {
  if (logoSvg === undefined) logoSvg = LOGO_FILES.filter((f) => fs.existsSync(f)).map((f) => fs.readFileSync(f, 'utf8'))[0] ?? null;
  return logoSvg;
}

/** 'DD.MM.YYYY, HH:mm' in UTC (spec 1 §9), as the console writes an instant. */
const stamp = (d: Date) => formatEventDate(d.toISOString(), '');

/** An event's date as the event header writes it: with its time and 'UTC', or the day alone for date-only categories. */
const eventDate = (e: Pick<ReportEvent, 'start_date_time' | 'category'>) => `${formatEventDate(e.start_date_time, e.category)}${DATE_ONLY_CATEGORIES.includes(e.category) ? '' : ' UTC'}`;

/** Where an event takes place: city, hall and venue, whichever are known. */
export function placeLine(e: Pick<ReportEvent, 'city' | 'hall_name' | 'venue_name'>): string {
  return [e.city, e.hall_name, e.venue_name].filter((p): p is string => !!p && p.trim() !== '').join(' · ');
}

export function renderCampaignReport(input: ReportInput): Promise<Buffer> {
  const { event, insights, results, language: lng } = input;
  const t = pageI18n(lng, input.product ?? null).t;
  const fonts = reportFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    autoFirstPage: true,
    info: { Title: `${t('campaigns.report.title')} – ${event.title}`, Author: config.productName, Creator: config.productName, CreationDate: input.now },
    lang: lng,
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // A parsed font is accepted at runtime (fonts.ts); the types name only file sources.
  doc.registerFont(REPORT_FONT, fonts.regular as Buffer);
  doc.registerFont(REPORT_FONT_BOLD, fonts.bold as Buffer);
  if (fonts.cjk) doc.registerFont(REPORT_FONT_CJK, fonts.cjk as Buffer);
  const M = PAGE.margin;

  // Header: logo and product name left, the report's name and created-at stamp right.
  const mark = logo();
  if (mark) SVGtoPDF(doc, mark, M, M, { width: 26, height: 26, assumePt: true });
  doc.font(REPORT_FONT_BOLD).fontSize(15).fillColor(TEXT).text(config.productName, M + (mark ? 34 : 0), M + 5, { lineBreak: false });
  doc.font(REPORT_FONT_BOLD).fontSize(11).fillColor(TEXT).text(t('campaigns.report.title'), M, M + 1, { width: WIDTH, align: 'right', lineBreak: false });
  doc.font(REPORT_FONT).fontSize(8.5).fillColor(MUTED).text(t('campaigns.report.created', { date: stamp(input.now) }), M, M + 16, { width: WIDTH, align: 'right', lineBreak: false });
  let y = M + 38;
  doc.moveTo(M, y).lineTo(M + WIDTH, y).lineWidth(0.75).strokeColor(RULE).stroke();

  // The event: title (at most two lines), date, city, hall and venue.
  y += 14;
  doc.font(REPORT_FONT_BOLD).fontSize(19).fillColor(TEXT);
  const runs = fontRuns(event.title, fonts);
  if (runs.length <= 1 || !runs.some((r) => r.cjk)) {
    const titleHeight = Math.min(doc.heightOfString(event.title, { width: WIDTH }), doc.currentLineHeight(true) * 2 + 2);
    doc.text(event.title, M, y, { width: WIDTH, height: titleHeight, ellipsis: true });
    y += titleHeight + 4;
  } else {
    // Chinese or Japanese letters: written run by run in their font (pdfkit cannot cut a
    // paragraph of several fonts with an ellipsis, so the title is shortened beforehand).
    let left = 90;
    const cut = runs.flatMap((r) => {
      if (left <= 0) return [];
      const chars = [...r.text];
      const part = chars.slice(0, left).join('') + (chars.length > left ? '…' : '');
      left -= chars.length;
      return [{ ...r, text: part }];
    });
    cut.forEach((r, i) => {
      doc.font(r.cjk ? REPORT_FONT_CJK : REPORT_FONT_BOLD);
      const opts = { width: WIDTH, continued: i < cut.length - 1 };
      if (i === 0) doc.text(r.text, M, y, opts);
      else doc.text(r.text, opts);
    });
    y = doc.y + 4;
  }
  doc.font(REPORT_FONT).fontSize(10.5).fillColor(TEXT).text(eventDate(event), M, y, { width: WIDTH, lineBreak: false });
  y += 15;
  const place = placeLine(event);
  if (place) {
    doc.fillColor(MUTED).text(place, M, y, { width: WIDTH, height: 14, ellipsis: true, lineBreak: false });
    y += 15;
  }
  doc.fontSize(8.5).fillColor(MUTED);
  const period = `${t('campaigns.stats.period', { start: formatDayUtc(insights.start), end: formatDayUtc(insights.end) })} ${
    insights.delivered_through ? t('campaigns.stats.deliveredThrough', { day: formatDayUtc(insights.delivered_through) }) : t('campaigns.stats.noDeliveryYet')
  }`;
  doc.text(period, M, y, { width: WIDTH });
  y = doc.y + 2;
  if (input.sandbox) {
    doc.text(t('campaigns.report.sandbox'), M, y, { width: WIDTH });
    y = doc.y;
  }
  if (insights.user_action_required) {
    doc.fillColor(CHART_COLORS.warning).text(t('campaigns.stats.userActionRequired'), M, y + 2, { width: WIDTH });
    y = doc.y;
  }

  // Ads: five figures in a row.
  y += 12;
  y = heading(doc, t('campaigns.stats.adsTitle'), y);
  const ads = adFigures(insights, lng);
  const cell = WIDTH / ads.length;
  doc.roundedRect(M, y, WIDTH, 46, 4).fill(PANEL);
  ads.forEach(([key, value], i) => {
    const x = M + i * cell + 8;
    doc.font(REPORT_FONT).fontSize(7.5).fillColor(MUTED).text(t(`campaigns.stats.ads.${key}`), x, y + 7, { width: cell - 12, height: 19, ellipsis: true });
    doc.font(REPORT_FONT_BOLD).fontSize(12).fillColor(TEXT).text(value, x, y + 26, { width: cell - 12, lineBreak: false });
  });
  y += 58;

  // Results for the event and its series under the attribution model in force.
  y = heading(doc, t('campaigns.stats.resultsTitle'), y);
  doc.font(REPORT_FONT).fontSize(8.5).fillColor(MUTED);
  doc.text(`${t('campaigns.stats.model.label')}: ${t(`campaigns.stats.model.${results.eval_name}`)}. ${t(`campaigns.stats.modelNote.${results.eval_name}`)}`, M, y, { width: WIDTH });
  y = doc.y + 4;
  const notice = results.no_delivery ? t('campaigns.stats.noDelivery') : results.timeframe_too_low ? t('campaigns.stats.tooShort') : null;
  if (notice) {
    doc.font(REPORT_FONT_BOLD).fillColor(CHART_COLORS.warning).text(notice, M, y, { width: WIDTH });
    y = doc.y + 4;
  }
  const colW = (WIDTH - 16) / 2;
  const seriesNote = seriesNoteKey(results);
  const columns = [
    { title: t('campaigns.stats.event'), figures: resultFigures(results.event_results, results.currency, lng, results.event_results !== null), interval: results.event_results ? results.event_interval : null, note: null as string | null, off: false },
    {
      title: t('campaigns.stats.series'),
      figures: resultFigures(results.series_results, results.currency, lng, !seriesDisabled(results)),
      interval: seriesDisabled(results) ? null : results.series_interval,
      note: seriesNote ? t(seriesNote) : null,
      off: seriesDisabled(results),
    },
  ];
  let bottom = y;
  columns.forEach((col, i) => {
    const x = M + i * (colW + 16);
    let cy = y;
    doc.font(REPORT_FONT_BOLD).fontSize(10).fillColor(col.off ? MUTED : TEXT).text(col.title, x, cy, { width: colW, lineBreak: false });
    cy += 16;
    for (const [key, value] of col.figures) {
      doc.moveTo(x, cy - 2).lineTo(x + colW, cy - 2).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.font(REPORT_FONT).fontSize(9).fillColor(MUTED).text(t(`campaigns.stats.figures.${key}`), x, cy + 2, { width: colW * 0.62, lineBreak: false, ellipsis: true });
      doc.font(REPORT_FONT_BOLD).fontSize(10).fillColor(col.off ? MUTED : TEXT).text(value, x + colW * 0.62, cy + 1, { width: colW * 0.38, align: 'right', lineBreak: false });
      cy += 18;
    }
    doc.font(REPORT_FONT).fontSize(8).fillColor(MUTED);
    if (col.interval) {
      doc.text(t('campaigns.stats.interval', { low: formatCount(col.interval.low, lng), high: formatCount(col.interval.high, lng) }), x, cy + 2, { width: colW });
      cy = doc.y;
    }
    if (col.note) {
      doc.text(col.note, x, cy + 2, { width: colW });
      cy = doc.y;
    }
    bottom = Math.max(bottom, cy);
  });
  y = bottom + 14;

  // The statistics tab's chart.
  const fd = results.eval_name === 'FD' && results.daily.some((d) => d.expected != null);
  y = heading(doc, t(fd ? 'campaigns.stats.chart.titleFd' : 'campaigns.stats.chart.title'), y);
  const chartHeight = 190;
  if (results.daily.length) {
    const svg = resultsChartSvg(
      results,
      resultsChartTexts((key, values) => String(t(key, values ?? {})), results.currency),
      lng,
      { width: WIDTH, height: chartHeight },
      REPORT_FONT,
    );
    SVGtoPDF(doc, svg, M, y, { width: WIDTH, height: chartHeight, assumePt: true, fontCallback: (family: string, bold: boolean) => (bold ? REPORT_FONT_BOLD : REPORT_FONT) });
    y += chartHeight + 10;
  } else {
    doc.font(REPORT_FONT).fontSize(9).fillColor(MUTED).text(t('campaigns.stats.noDeliveryYet'), M, y, { width: WIDTH });
    y = doc.y + 10;
  }

  // Included events: the first REPORT_INCLUDED_EVENTS, then a link to the whole list.
  y = heading(doc, t('campaigns.report.includedEvents'), y);
  const shown = input.included.slice(0, REPORT_INCLUDED_EVENTS);
  if (!shown.length) {
    doc.font(REPORT_FONT).fontSize(9).fillColor(MUTED).text(t('campaigns.report.noIncludedEvents'), M, y, { width: WIDTH });
    y = doc.y;
  }
  for (const e of shown) {
    doc.font(REPORT_FONT_BOLD).fontSize(9.5).fillColor(TEXT).text(eventDate(e), M, y, { width: 130, lineBreak: false });
    doc.font(REPORT_FONT).fontSize(9.5).fillColor(TEXT).text([e.title, placeLine(e)].filter(Boolean).join(' · '), M + 132, y, { width: WIDTH - 132, height: 13, ellipsis: true, lineBreak: false });
    y += 16;
  }
  const more = input.included.length - shown.length;
  if (more > 0) {
    doc.font(REPORT_FONT).fontSize(9.5).fillColor(CHART_COLORS.accent).text(t('campaigns.report.moreEvents', { count: more }), M, y + 2, { width: WIDTH, link: input.moreUrl, underline: true, lineBreak: false });
  }

  doc.end();
  return done;
}

/** A section heading; returns where the section's content starts. */
function heading(doc: PDFKit.PDFDocument, text: string, y: number): number {
  doc.font(REPORT_FONT_BOLD).fontSize(11.5).fillColor(TEXT).text(text, PAGE.margin, y, { width: WIDTH, lineBreak: false });
  return y + 19;
}

// Issue 22, spec 2 §2 "Campaign report (PDF, A4)": the report rendered, then read back with
// poppler (text with positions, and a raster) as a reader would see it, in English and German.
// REPORT_PNG_DIR=dir writes the pages as PNG for a person to look at.
import { beforeAll, describe, expect, it } from 'vitest';
import { renderCampaignReport, PAGE, type ReportInput } from '../../../src/server/modules/campaign-report/render';
import { fontRuns, reportFonts } from '../../../src/server/modules/campaign-report/fonts';
import { REPORT_INCLUDED_EVENTS, reportFileName } from '../../../src/lib/campaigns/report-rules';
import { attachmentDisposition } from '../../../src/server/lib/content-disposition';
import { reportEvent, reportInput, reportResults } from './fixture';
import { pdfLayout, pdfPng, pdfRaster, type PdfLayout } from '../../helpers/pdf-text';

const PNG_DIR = process.env.REPORT_PNG_DIR;

async function render(input: ReportInput, name: string): Promise<{ pdf: Buffer; layout: PdfLayout }> {
  const pdf = await renderCampaignReport(input);
  if (PNG_DIR) pdfPng(pdf, `${PNG_DIR}/report-${name}`);
  return { pdf, layout: pdfLayout(pdf) };
}

const lineWith = (layout: PdfLayout, text: string) => layout.lines.find((l) => l.text.includes(text));
/** Lines of horizontal text (the chart's axis titles run upwards: their boxes are tall, not large type). */
const horizontal = (layout: PdfLayout) => layout.lines.filter((l) => l.xMax - l.xMin > l.yMax - l.yMin);
const textOf = (layout: PdfLayout) => layout.lines.map((l) => l.text).join(' ');

/** The label's line and the value printed on the same line (the figure rows are label left, value right). */
function valueBeside(layout: PdfLayout, label: string, column: 'left' | 'right'): string | undefined {
  const mid = PAGE.width / 2;
  const labels = layout.lines.filter((l) => l.text === label && (column === 'left' ? l.xMin < mid : l.xMin >= mid));
  const row = labels[0];
  if (!row) return undefined;
  return layout.lines.find((l) => l !== row && Math.abs(l.yMin - row.yMin) < 4 && l.xMin > row.xMax && (column === 'left' ? l.xMax < mid : true))?.text;
}

function expectInsideA4(layout: PdfLayout) {
  expect(layout.pages).toHaveLength(1);
  expect(layout.pages[0]!.width).toBeCloseTo(595.28, 1);
  expect(layout.pages[0]!.height).toBeCloseTo(841.89, 1);
  for (const l of layout.lines) {
    expect(l.xMin, l.text).toBeGreaterThanOrEqual(PAGE.margin - 12);
    expect(l.xMax, l.text).toBeLessThanOrEqual(PAGE.width - PAGE.margin + 1);
    expect(l.yMin, l.text).toBeGreaterThanOrEqual(PAGE.margin - 1);
    expect(l.yMax, l.text).toBeLessThanOrEqual(PAGE.height - PAGE.margin);
  }
}

describe('the campaign report in English', () => {
  let en: { pdf: Buffer; layout: PdfLayout };
  beforeAll(async () => {
    en = await render(reportInput({ language: 'en' }), 'en');
  });

  it('is one A4 page with nothing outside it', () => {
    expect(en.pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expectInsideA4(en.layout);
  });

  it('has the header and the event’s title at the top, then date, city, hall and venue', () => {
    const header = lineWith(en.layout, 'Campaign report')!;
    const created = lineWith(en.layout, 'Created 24.11.2026, 13:45 UTC')!;
    const title = lineWith(en.layout, 'Götterdämmerung – Wagner')!;
    expect(header.yMin).toBeLessThan(80);
    expect(created.yMin).toBeLessThan(90);
    // The title is the first thing under the header, and the largest text on the page.
    expect(title.yMin).toBeGreaterThan(created.yMax);
    expect(title.yMin).toBeLessThan(130);
    const others = en.layout.lines.filter((l) => l.yMin < title.yMin && l !== header && l !== created && l.text !== 'Encore');
    expect(others).toEqual([]);
    const height = (l: { yMin: number; yMax: number }) => l.yMax - l.yMin;
    for (const l of horizontal(en.layout)) expect(height(l), l.text).toBeLessThanOrEqual(height(title));
    const date = lineWith(en.layout, '11.12.2026, 19:30 UTC')!;
    const place = lineWith(en.layout, 'Köln · Großer Saal · Philharmonie')!;
    expect(date.yMin).toBeGreaterThan(title.yMax - 1);
    expect(place.yMin).toBeGreaterThan(date.yMin);
  });

  it('prints the ads and the results as the statistics tab formats them (en)', () => {
    const text = textOf(en.layout);
    for (const figure of ['€1,235', '1,234,567', '12,345']) expect(text).toContain(figure);
    expect(valueBeside(en.layout, 'Purchases (tickets)', 'left')).toBe('1,234');
    expect(valueBeside(en.layout, 'Ad spend per ticket', 'left')).toBe('€1');
    expect(valueBeside(en.layout, 'Revenue', 'left')).toBe('€45,679');
    expect(valueBeside(en.layout, 'Return on ad spend', 'left')).toBe('3,712%');
    expect(valueBeside(en.layout, 'Purchases (tickets)', 'right')).toBe('2,345');
    expect(valueBeside(en.layout, 'Revenue', 'right')).toBe('€87,654');
    expect(valueBeside(en.layout, 'Return on ad spend', 'right')).toBe('7,105%');
    expect(text).toContain('80% range: 1,100 – 1,400 tickets');
    expect(text).toContain('Attribution: Encore (sales vs. forecast).');
  });

  it('lists two included events and links the rest', () => {
    const text = textOf(en.layout);
    expect(REPORT_INCLUDED_EVENTS).toBe(2);
    expect(text).toContain('11.12.2026, 19:30 UTC');
    expect(text).toContain('12.12.2026, 19:30 UTC');
    for (const hidden of ['13.12.2026', '14.12.2026', '15.12.2026']) expect(text).not.toContain(hidden);
    const more = lineWith(en.layout, '3 more events in Encore')!;
    expect(more.yMin).toBeGreaterThan(lineWith(en.layout, '12.12.2026, 19:30 UTC')!.yMin);
    // The link is a URI annotation to the console's full list.
    expect(en.pdf.toString('latin1')).toContain('/URI (https://encore.example/campaigns/e1001-00001?open_included_events=true)');
  });

  it('draws the chart: the spend bars and lines are on the page', () => {
    const page = pdfRaster(en.pdf, 36);
    const chartTitle = lineWith(en.layout, 'Sales since the campaign started')!;
    const scale = page.height / PAGE.height;
    const top = Math.round((chartTitle.yMax + 25) * scale);
    const bottom = Math.round((chartTitle.yMax + 190) * scale);
    let inked = 0;
    for (let y = top; y < bottom; y++) for (let x = 0; x < page.width; x++) if (page.at(x, y) < 235) inked++;
    // Bars alone cover well over a tenth of the plot; an empty plot has axes and labels only.
    expect(inked / ((bottom - top) * page.width)).toBeGreaterThan(0.08);
    expect(textOf(en.layout)).toContain('Tickets sold');
    expect(textOf(en.layout)).toContain('Expected without campaign');
  });
});

describe('the campaign report in German', () => {
  let de: { pdf: Buffer; layout: PdfLayout };
  beforeAll(async () => {
    de = await render(reportInput({ language: 'de' }), 'de');
  });

  it('is one A4 page, German throughout, numbers written the German way', () => {
    expectInsideA4(de.layout);
    const text = textOf(de.layout);
    expect(lineWith(de.layout, 'Kampagnenbericht')!.yMin).toBeLessThan(80);
    expect(text).toContain('Erstellt am 24.11.2026, 13:45 UTC');
    for (const figure of ['1.235 €', '1.234.567', '12.345']) expect(text).toContain(figure);
    expect(valueBeside(de.layout, 'Käufe (Tickets)', 'left')).toBe('1.234');
    expect(valueBeside(de.layout, 'Umsatz', 'left')).toBe('45.679 €');
    expect(valueBeside(de.layout, 'Werberendite (ROAS)', 'left')).toBe('3.712 %');
    expect(text).toContain('80-%-Bereich: 1.100 – 1.400 Tickets');
    expect(text).toContain('3 weitere Veranstaltungen in Encore');
    expect(text).toContain('Enthaltene Veranstaltungen');
    expect(text).not.toContain('Campaign report');
  });
});

describe('edge cases', () => {
  it('a long title in other scripts: printed with its own letters, at most two lines, still one page', async () => {
    const title = `Zażółć gęślą jaźń – Ωδή στη χαρά – Лебединое озеро – ${'a very long title that goes on '.repeat(5)}`;
    const { layout } = await render(reportInput({ event: reportEvent(1, title), included: [reportEvent(1, title)] }), 'long-title');
    expectInsideA4(layout);
    const first = lineWith(layout, 'Zażółć gęślą jaźń – Ωδή στη χαρά –')!;
    expect(first).toBeDefined();
    expect(textOf(layout)).toContain('Лебединое озеро');
    const titleLines = horizontal(layout).filter((l) => l.yMax - l.yMin >= first.yMax - first.yMin - 0.5);
    expect(titleLines.length).toBeLessThanOrEqual(2);
    // One included event: no 'more events' link.
    expect(textOf(layout)).not.toMatch(/more events?/);
  });

  it('a Chinese or Japanese title: its letters from the fallback font, the Latin ones from DejaVu, one page', async () => {
    const title = '東京カルテット – Beethoven: Streichquartette op. 18 – ラズモフスキー 四重奏曲 第一番';
    const runs = fontRuns(title, reportFonts());
    expect(runs.map((r) => r.cjk)).toEqual([true, false, true]);
    expect(runs.map((r) => r.text).join('')).toBe(title);
    const { layout } = await render(reportInput({ event: reportEvent(1, title) }), 'cjk-title');
    expectInsideA4(layout);
    expect(textOf(layout).replace(/\s+/g, '')).toContain(title.replace(/\s+/g, ''));
    expect(lineWith(layout, '東京カルテット')!.yMin).toBeLessThan(130);
  });

  it('META, too short and EXTERNAL: the series column says why it is empty, as the tab does', async () => {
    const base = reportResults();
    const short = await render(reportInput({ results: { ...base, timeframe_too_low: true, series_results: null, series_interval: null } }), 'too-short');
    expect(textOf(short.layout)).toContain('Campaign timeframe too low to evaluate!');
    expect(textOf(short.layout)).toContain('The series is evaluated after three full days of delivery.');
    expect(valueBeside(short.layout, 'Purchases (tickets)', 'right')).toBe('–');
    const external = await render(reportInput({ language: 'de', results: { ...base, eval_name: 'EXTERNAL', series_results: null, series_interval: null, event_interval: null } }), 'external');
    expect(textOf(external.layout)).toContain('Mit einem externen Attributionsmodell kann die Veranstaltungsreihe hier nicht ausgewertet werden.');
    expectInsideA4(external.layout);
  });

  it('no delivery yet: no chart, the tab’s message instead', async () => {
    const { layout } = await render(reportInput({ results: { ...reportResults(), daily: [], no_delivery: true, event_results: { total_transactions: 0, total_revenue: 0, cpo: null, roas: null } } }), 'no-delivery');
    expect(textOf(layout)).toContain('No delivery yet');
    expectInsideA4(layout);
  });
});

describe('one parsed typeface for every report', () => {
  it('reports rendered at the same time each keep their own text (the parsed font is shared, its subsets are not)', async () => {
    const [a, b] = await Promise.all([renderCampaignReport(reportInput({ language: 'en' })), renderCampaignReport(reportInput({ language: 'de', event: reportEvent(1, 'Лебединое озеро') }))]);
    expect(textOf(pdfLayout(a))).toContain('Götterdämmerung – Wagner');
    expect(textOf(pdfLayout(b))).toContain('Лебединое озеро');
    expect(textOf(pdfLayout(b))).toContain('Kampagnenbericht');
  });
});

describe('the file name', () => {
  it('keeps the title readable and safe for any file system, and the header carries it for every browser', () => {
    expect(reportFileName('Götterdämmerung / Wagner: "Ring" 1*', '2026-11-24', 'Kampagnenbericht')).toBe('Götterdämmerung Wagner Ring 1 – Kampagnenbericht 2026-11-24.pdf');
    expect(reportFileName('\u0000\n', '2026-11-24', 'campaign report')).toBe('campaign report – campaign report 2026-11-24.pdf');
    const header = attachmentDisposition('Zażółć "gęślą" (jaźń)\r\n.pdf');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''[A-Za-z0-9%._~-]+$/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(decodeURIComponent(header.split("''")[1]!)).toBe('Zażółć "gęślą" (jaźń)  .pdf');
  });
});

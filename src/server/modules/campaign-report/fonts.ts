// The report's typeface. pdfkit's built-in Helvetica is WinAnsi only: it prints "€" and German
// umlauts but not Polish, Czech, Greek or Cyrillic titles (they come out as wrong glyphs). DejaVu
// Sans (Debian fonts-dejavu-core, installed by scripts/ensure-system-deps.sh) covers Latin,
// Greek, Cyrillic, Armenian, Georgian and Hebrew. Chinese and Japanese letters come from Droid Sans
// Fallback (Debian fonts-droid-fallback, optional: without it they print as empty boxes); it has no
// Latin letters, so a title mixing both is written in runs (render.ts).
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { config } from '../../config';

export const REPORT_FONT = 'ReportSans';
export const REPORT_FONT_BOLD = 'ReportSans-Bold';
export const REPORT_FONT_CJK = 'ReportCjk';
const CJK_FILE = '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf';

/** A parsed font's glyph check (fontkit's, on the font pdfkit parsed). */
interface Parsed {
  layout: unknown;
  hasGlyphForCodePoint(codePoint: number): boolean;
}

/** What pdfkit's registerFont takes: the file's bytes, a font it has already parsed, or a standard font's name. */
export type FontSource = Buffer | object | string;

/**
 * The face's bytes, or pdfkit's built-in Helvetica where DejaVu is not installed (a machine set
 * up by the README's quick start alone): the report still downloads, with umlauts and "€", and the
 * log says what to install for the other scripts.
 */
function read(file: string, standard: 'Helvetica' | 'Helvetica-Bold'): Buffer | string {
  const path = `${config.reportFontDir}/${file}`;
  if (fs.existsSync(path)) return fs.readFileSync(path);
  console.warn(`[campaign-report] ${path} not found: the report falls back to ${standard} (install fonts-dejavu-core: scripts/ensure-system-deps.sh, or set REPORT_FONT_DIR)`);
  return standard;
}

/**
 * The face parsed once. Given bytes, pdfkit parses the 700 KB TrueType file for every document
 * (about 50 ms of a 90 ms report); given a parsed font (anything with `layout`, pdfkit 0.20's
 * PDFFontFactory.open) it only subsets it. pdfkit parses with its own fontkit, so the parsed font
 * is taken from a document that registered the bytes; should a pdfkit upgrade hide it, the bytes
 * are used as before (slower, same output).
 */
function parsed(bytes: Buffer | string): FontSource {
  if (typeof bytes === 'string') return bytes;
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.registerFont('probe', bytes);
  probe.font('probe');
  const font = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  return font && typeof font.layout === 'function' ? font : bytes;
}

export interface ReportFonts {
  regular: FontSource;
  bold: FontSource;
  /** Chinese and Japanese letters, when the fallback font is installed. */
  cjk: FontSource | null;
  /** Whether the bold face (the title's) can print a character; true when it cannot be asked. */
  boldHas(char: string): boolean;
  cjkHas(char: string): boolean;
}

let cached: ReportFonts | null = null;

const glyphCheck = (font: FontSource | null) => (char: string) => {
  const f = font as Partial<Parsed> | null;
  return typeof f?.hasGlyphForCodePoint === 'function' ? f.hasGlyphForCodePoint(char.codePointAt(0)!) : false;
};

/** The faces, read and parsed once per process. */
export function reportFonts(): ReportFonts {
  if (!cached) {
    const bold = parsed(read('DejaVuSans-Bold.ttf', 'Helvetica-Bold'));
    const cjk = fs.existsSync(CJK_FILE) ? parsed(fs.readFileSync(CJK_FILE)) : null;
    const boldCheck = glyphCheck(bold);
    cached = {
      regular: parsed(read('DejaVuSans.ttf', 'Helvetica')),
      bold,
      cjk,
      boldHas: typeof (bold as Partial<Parsed>).hasGlyphForCodePoint === 'function' ? boldCheck : () => true,
      cjkHas: glyphCheck(cjk),
    };
  }
  return cached;
}

/**
 * A text cut into runs of one font each: the bold face where it has the letter, else the CJK
 * fallback where that has it (whitespace stays with the run it is in). One run for most titles.
 */
export function fontRuns(text: string, fonts: Pick<ReportFonts, 'boldHas' | 'cjkHas' | 'cjk'>): { text: string; cjk: boolean }[] {
  const runs: { text: string; cjk: boolean }[] = [];
  for (const char of text) {
    const cjk = fonts.cjk !== null && !/\s/.test(char) && !fonts.boldHas(char) && fonts.cjkHas(char);
    const last = runs.at(-1);
    if (last && (last.cjk === cjk || /\s/.test(char))) last.text += char;
    else runs.push({ text: char, cjk });
  }
  return runs;
}

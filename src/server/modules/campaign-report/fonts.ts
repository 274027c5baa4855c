// The report's typeface. pdfkit's built-in Helvetica is WinAnsi only: it prints "€" and German
// umlauts but not Polish, Czech, Greek or Cyrillic titles (they come out as wrong glyphs). DejaVu
// Sans (Debian fonts-dejavu-core, installed by scripts/ensure-system-deps.sh) covers Latin,
// Greek, Cyrillic, Armenian, Georgian and Hebrew; CJK titles would need a CJK font (none shipped).
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { config } from '../../config';

export const REPORT_FONT = 'ReportSans';
export const REPORT_FONT_BOLD = 'ReportSans-Bold';

/** What pdfkit's registerFont takes: the file's bytes, or a font it has already parsed. */
export type FontSource = Buffer | object;

function read(file: string): Buffer {
  const path = `${config.reportFontDir}/${file}`;
  if (!fs.existsSync(path)) throw new Error(`Font ${path} not found (install fonts-dejavu-core: scripts/ensure-system-deps.sh, or set REPORT_FONT_DIR)`);
  return fs.readFileSync(path);
}

/**
 * The face parsed once. Given bytes, pdfkit parses the 700 KB TrueType file for every document
 * (about 50 ms of a 90 ms report); given a parsed font (anything with `layout`, pdfkit 0.20's
 * PDFFontFactory.open) it only subsets it. pdfkit parses with its own fontkit, so the parsed font
 * is taken from a document that registered the bytes; should a pdfkit upgrade hide it, the bytes
 * are used as before (slower, same output).
 */
function parsed(bytes: Buffer): FontSource {
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.registerFont('probe', bytes);
  probe.font('probe');
  const font = (probe as unknown as { _font?: { font?: { layout?: unknown } } })._font?.font;
  return font && typeof font.layout === 'function' ? font : bytes;
}

let cached: { regular: FontSource; bold: FontSource } | null = null;

/** The regular and bold faces, read and parsed once per process. */
export function reportFonts(): { regular: FontSource; bold: FontSource } {
  cached ??= { regular: parsed(read('DejaVuSans.ttf')), bold: parsed(read('DejaVuSans-Bold.ttf')) };
  return cached;
}

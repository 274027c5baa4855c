// The report's typeface. pdfkit's built-in Helvetica is WinAnsi only: it prints "€" and German
// umlauts but not Polish, Czech, Greek or Cyrillic titles (they come out as wrong glyphs). DejaVu
// Sans (Debian fonts-dejavu-core, installed by scripts/ensure-system-deps.sh) covers Latin,
// Greek, Cyrillic, Armenian, Georgian and Hebrew; CJK titles would need a CJK font (none shipped).
import fs from 'node:fs';

const DIRS = [process.env.REPORT_FONT_DIR, '/usr/share/fonts/truetype/dejavu'].filter((d): d is string => !!d);

export const REPORT_FONT = 'ReportSans';
export const REPORT_FONT_BOLD = 'ReportSans-Bold';

let cached: { regular: Buffer; bold: Buffer } | null = null;

function read(file: string): Buffer {
  for (const dir of DIRS) {
    const path = `${dir}/${file}`;
    if (fs.existsSync(path)) return fs.readFileSync(path);
  }
  throw new Error(`Font ${file} not found in ${DIRS.join(', ')} (install fonts-dejavu-core: scripts/ensure-system-deps.sh)`);
}

/** The regular and bold faces, read once per process. */
export function reportFonts(): { regular: Buffer; bold: Buffer } {
  cached ??= { regular: read('DejaVuSans.ttf'), bold: read('DejaVuSans-Bold.ttf') };
  return cached;
}

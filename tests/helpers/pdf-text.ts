// Reading a rendered PDF back the way a person would see it: poppler's pdftotext gives every line
// with its box in points (-bbox-layout), pdftoppm rasterises the page. Installed from Debian's
// poppler-utils (scripts/ensure-system-deps.sh).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface PdfLine {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  page: number;
}

export interface PdfLayout {
  pages: { width: number; height: number }[];
  lines: PdfLine[];
}

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");

function withFile<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
  const file = path.join(dir, 'report.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every line of text with its box (points, origin top left), page by page. */
export function pdfLayout(pdf: Buffer): PdfLayout {
  const xml = withFile(pdf, (file) => execFileSync('pdftotext', ['-bbox-layout', file, '-'], { encoding: 'utf8' }));
  const pages: PdfLayout['pages'] = [];
  const lines: PdfLine[] = [];
  for (const page of xml.split('<page ').slice(1)) {
    const [, w, h] = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
    pages.push({ width: Number(w), height: Number(h) });
    for (const m of page.matchAll(/<line xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([\s\S]*?)<\/line>/g)) {
      const words = [...m[5]!.matchAll(/<word [^>]*>([^<]*)<\/word>/g)].map((w) => decode(w[1]!));
      lines.push({ text: words.join(' ').replace(/\u00a0/g, ' '), xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), page: pages.length - 1 });
    }
  }
  return { pages, lines };
}

/** The first page as a greyscale raster (PGM from pdftoppm) at `dpi`. */
export function pdfRaster(pdf: Buffer, dpi = 36): { width: number; height: number; at(x: number, y: number): number; png?: never } {
  const bytes = withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
    const out = fs.readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
    return fs.readFileSync(path.join(dir, out));
  });
  // P5 <width> <height> <max>\n<bytes>
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'))!;
  const width = Number(header[1]);
  const height = Number(header[2]);
  const offset = header[0].length;
  return { width, height, at: (x, y) => bytes[offset + y * width + x]! };
}

/** Writes the page as PNG (pdftoppm) for a person to look at; returns the file. */
export function pdfPng(pdf: Buffer, outBase: string, dpi = 100): string {
  withFile(pdf, (file) => execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', file, outBase]));
  return `${outBase}.png`;
}

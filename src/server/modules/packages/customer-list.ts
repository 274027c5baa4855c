// GET /package_builder/packages/{id}/{title}/customer_list (spec 3 §2 "export (CSV …)", §7): the
// customers of one variation as CSV, streamed page by page (never the whole list in memory), in the
// format of Sentinel's export (nlq/export.ts): headed in the user's interface language, German `;`
// with decimal commas, English `,` with points, UTF-8 with a BOM, CRLF, and text a spreadsheet would
// run as a formula (= + - @ tab CR) escaped with a leading '. Customers who opted out of ads are left
// out (repo.ts exportableMembersPage, which the CRM export reads too).
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { now as clockNow } from '../../lib/clock';
import { csvCell } from '../nlq/export';
import { exportTranslate } from '../nlq/export-columns';
import type { Variation } from '../../../lib/contracts/packages';
import { exportableMembersPage, type MemberRow } from './repo';
import { DEMO_PACKAGE_ID, demoExportRefused } from './demo';
import { effectiveStatus, requirePackage, variationSlug, type PkgCtx } from './service';

/** Customers per query of the stream: one keyset page of the primary key each. */
export const CSV_PAGE = 5_000;

interface CsvColumn {
  header: string;
  value: (r: MemberRow) => string | number | null;
}

/** The columns, headed by the names Sentinel's customer table uses (sentinel.columns.*). */
function columns(language: 'en' | 'de', product: string): CsvColumn[] {
  const t = exportTranslate(language, product);
  return [
    { header: t('sentinel.columns.customer_id'), value: (r) => r.external_id },
    { header: t('sentinel.columns.salutation'), value: (r) => r.salutation },
    { header: t('sentinel.columns.first_name'), value: (r) => r.first_name },
    { header: t('sentinel.columns.last_name'), value: (r) => r.last_name },
    { header: t('sentinel.columns.email'), value: (r) => r.email },
    { header: t('sentinel.columns.street'), value: (r) => r.street },
    { header: t('sentinel.columns.zip_code'), value: (r) => r.zip_code || null },
    { header: t('sentinel.columns.city'), value: (r) => r.city || null },
    { header: t('sentinel.columns.phone1'), value: (r) => r.phone1 },
    { header: t('packageBuilder.customerList.score'), value: (r) => Math.round(r.score * 1e4) / 1e4 },
  ];
}

/** The variation named by its title or its slug (spec 3 §2), case and spacing aside. */
export function findVariation(content: readonly Variation[], title: string): number {
  const wanted = variationSlug(title);
  return content.findIndex((v) => v.title === title || variationSlug(v.title) === wanted || v.slug === wanted);
}

/** `name_YYYYMMDD-HHmm.csv` (spec 3 §5: a timestamp is appended), reduced to what a file name may hold. */
export function exportFileName(name: string, now: Date): { ascii: string; utf8: string } {
  const p = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}`;
  // A character no file name may hold becomes a dash ("Konzerte: Klassik" gives "Konzerte -
  // Klassik", not "Konzerte_ Klassik"); the runs of spaces and dashes it leaves collapse.
  const safe = name.replace(/\s*[\\/:*?"<>|\p{Cc}\p{Cf}]+\s*/gu, ' - ').replace(/( - )+/g, ' - ').replace(/\s+/g, ' ').replace(/^[\s-]+|[\s-]+$/g, '') || 'customers';
  const utf8 = `${safe}_${stamp}.csv`;
  return { ascii: utf8.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_'), utf8 };
}

export interface CustomerListFile {
  fileName: { ascii: string; utf8: string };
  stream: ReadableStream<Uint8Array>;
}

/**
 * The list of a done (or expired: the list is as built) package's variation. A package still
 * building or failed has none (409 error.packages.not_ready); an unknown title is a 404.
 */
export async function customerList(
  db: Db,
  ctx: PkgCtx & { product: string },
  id: number,
  title: string,
  name?: string,
  pageSize = CSV_PAGE,
): Promise<CustomerListFile> {
  const now = clockNow();
  // Demo mode: the sample package is never exported; the partner's real packages are not there.
  if (ctx.demo) throw id === DEMO_PACKAGE_ID ? demoExportRefused() : notFound('Package');
  const row = await requirePackage(db, ctx, id, now);
  const status = effectiveStatus(row, now);
  if (status !== 'done' && status !== 'expired') throw new AppError(409, 'error.packages.not_ready', 'The package has no customer lists until it is built');
  const content = (row.content ?? []) as Variation[];
  const variation = findVariation(content, title);
  if (variation < 0) throw notFound('Variation');

  const lang = ctx.language;
  const sep = lang === 'de' ? ';' : ',';
  const cols = columns(lang, ctx.product);
  const encoder = new TextEncoder();
  const line = (cells: (string | number | null)[]) => `${cells.map((c) => csvCell(c, lang, sep)).join(sep)}\r\n`;
  let after = 0;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      // One page per pull: the consumer's pace sets how much is read, so memory stays flat.
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\ufeff${line(cols.map((c) => c.header))}`));
          return;
        }
        if (done) return controller.close();
        try {
          const page = await exportableMembersPage(db, ctx.partnerId, id, variation, after, pageSize);
          if (page.length < pageSize) done = true;
          if (page.length === 0) return controller.close();
          after = page[page.length - 1].customer_id;
          controller.enqueue(encoder.encode(page.map((r) => line(cols.map((c) => c.value(r)))).join('')));
        } catch (err) {
          console.error('[packages] customer list stream failed', err);
          controller.error(new Error('customer list failed'));
        }
      },
    },
    { highWaterMark: 1 },
  );
  return { fileName: exportFileName(name ?? `${row.title}_${content[variation].title}`, now), stream };
}

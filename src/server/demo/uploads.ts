// A demo upload per partner (a one-page programme PDF), so the seeded "Upload finished"
// notification links a file that really downloads. Only on the local store: a demo never
// writes into a configured S3 bucket.
import { Readable } from 'node:stream';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { LocalStorage, objectStorage } from '../adapters/storage';
import { OWN_STORAGE_PREFIX } from '../modules/notifications/attachment';
import { now as clockNow } from '../lib/clock';

export const DEMO_UPLOAD_NAME = 'season-2027-programme.pdf';

/** A small, valid PDF with one line of text (offsets computed, so viewers open it cleanly). */
export function programmePdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 760 Td (${title}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 760 Td (${title}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** The demo programme's upload id and object key of a partner. */
export function demoUploadRef(partnerId: number): { uploadId: string; key: string; backendUploadId: null } {
  const id = `00000000-0000-4000-8000-${String(partnerId).padStart(12, '0')}`;
  return { uploadId: id, key: `partner-${partnerId}/program/2026-11/${id}/${DEMO_UPLOAD_NAME}`, backendUploadId: null };
}

/**
 * Writes the demo programme's file of a partner into the local store; its size, or null without a
 * local store. (Tests that clone a seeded database put the file back into their own store.)
 */
export async function storeDemoUploadFile(partnerId: number): Promise<number | null> {
  const store = objectStorage();
  if (!(store instanceof LocalStorage)) return null;
  const ref = demoUploadRef(partnerId);
  const part = await store.writePart(ref.uploadId, 1, Readable.from([programmePdf('Season 2027 programme')]));
  const { size } = await store.complete(ref, [part]);
  return size;
}

/** Stores the demo programme for a partner; returns its location, or null without a local store. */
export async function seedDemoUpload(db: Db, partnerId: number): Promise<string | null> {
  const size = await storeDemoUploadFile(partnerId);
  if (size === null) return null;
  const { uploadId: id, key } = demoUploadRef(partnerId);
  const now = clockNow();
  await db.insert(uploads).values({
    id,
    partnerId,
    objectKey: key,
    objectName: DEMO_UPLOAD_NAME,
    contentType: 'application/pdf',
    category: 'program',
    uploadType: 'file',
    status: 'completed',
    sizeBytes: size,
    expiresAt: now,
    completedAt: now,
  });
  return `${OWN_STORAGE_PREFIX}${key}`;
}

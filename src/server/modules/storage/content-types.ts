// Which files may be uploaded, and whether the bytes are what the browser said they are
// (issue 6: "checked by content (magic bytes) against their declared type"). A declared type
// maps to the signatures that may carry it; text types have no signature and must look like text.
import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_TYPES_BY_EXTENSION } from '../../../lib/contracts/storage';

/** Bytes read from the start of an object for the check (zip-based formats need a few KB). */
export const CONTENT_SNIFF_BYTES = 64 * 1024;

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Declared type → signatures accepted for it (file-type's MIME names). */
export const SIGNATURES: Record<string, string[]> = {
  'application/pdf': ['application/pdf'],
  [XLSX]: [XLSX, 'application/zip'],
  [DOCX]: [DOCX, 'application/zip'],
  [PPTX]: [PPTX, 'application/zip'],
  // Legacy Office files are OLE compound files; file-type names the container.
  'application/vnd.ms-excel': ['application/x-cfb'],
  'application/msword': ['application/x-cfb'],
  'application/zip': ['application/zip'],
  'application/gzip': ['application/gzip'],
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png'],
  'image/gif': ['image/gif'],
  'image/webp': ['image/webp'],
  'video/mp4': ['video/mp4'],
  'video/quicktime': ['video/quicktime'],
};
export const TEXT_TYPES = new Set(['text/csv', 'text/plain', 'application/json', 'text/tab-separated-values']);

const ALLOWED = new Set(Object.values(UPLOAD_TYPES_BY_EXTENSION));

export function isAllowedContentType(declared: string): boolean {
  return ALLOWED.has(declared);
}

/** Does the start of the object match its declared type? */
export async function contentMatches(declared: string, head: Buffer): Promise<boolean> {
  const detected = await fileTypeFromBuffer(head);
  if (TEXT_TYPES.has(declared)) return !detected && !head.includes(0);
  const accepted = SIGNATURES[declared];
  return !!accepted && !!detected && accepted.includes(detected.mime);
}

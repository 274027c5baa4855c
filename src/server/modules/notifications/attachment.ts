// GET /attachment?url= (spec 1 §2.6, §7): notification bodies link attachments as
// /attachment?url=<storage url>. Only our own storage is ever fetched, so a crafted notification
// cannot make the server (or the browser, through us) download from anywhere else.
import { AppError } from '../../lib/errors';
import { isSafeText } from '../../../lib/contracts/limits';

/** The path stored objects are addressed by (the `location` of a completed upload). */
export const OWN_STORAGE_PREFIX = '/api/v3/storage/objects/';

export type AttachmentTarget = { kind: 'own-storage'; key: string };

export function resolveAttachmentUrl(url: string | undefined): AttachmentTarget {
  const raw = (url ?? '').trim();
  if (!raw) throw new AppError(400, 'error.attachment.invalidRemoteDownloadUrl', 'The attachment link has no url');
  let parsed: URL;
  try {
    parsed = new URL(raw, 'http://own.invalid');
  } catch {
    throw new AppError(400, 'error.attachment.invalidRemoteDownloadUrl', 'The attachment url is not a url');
  }
  // Relative paths only: an absolute url (any host, any scheme) is someone else's server.
  const relative = parsed.origin === 'http://own.invalid' && raw.startsWith('/') && !raw.startsWith('//');
  let path: string;
  try {
    path = decodeURIComponent(parsed.pathname);
  } catch {
    // A stray % or a cut-off UTF-8 sequence (%E0%A4%A): not a link we made.
    throw new AppError(400, 'error.attachment.invalidRemoteDownloadUrl', 'The attachment url is not a url');
  }
  // Control characters (a %00 decoded) never occur in the names of stored objects.
  if (/[\u0000-\u001f\u007f]/.test(path) || !isSafeText(path)) {
    throw new AppError(400, 'error.attachment.invalidRemoteDownloadUrl', 'The attachment url is not a url');
  }
  if (!relative || !path.startsWith(OWN_STORAGE_PREFIX) || path.includes('..') || path.includes('\\')) {
    throw new AppError(400, 'error.attachment.foreignUrl', 'Attachments are served only from this console’s own storage');
  }
  return { kind: 'own-storage', key: path.slice(OWN_STORAGE_PREFIX.length) };
}


// spec 1 §7 "Storage and upload": the multipart calls (signed-in partner users; the upload page
// needs no module permission) and the local store's presigned part PUT, whose signature is its
// only credential, as with S3.
import { Hono } from 'hono';
import {
  AbortMultipartRequest,
  CompleteMultipartRequest,
  CreateMultipartRequest,
  LocalPartQuery,
  MediaParam,
  SignedMediaQuery,
  PresignRequest,
  UPLOAD_TYPE_HEADER,
  UploadStatusQuery,
  type UploadType,
} from '../../lib/contracts/storage';
import { config } from '../config';
import { AppError, forbidden } from '../lib/errors';
import { Readable } from 'node:stream';
import { openMedia, type OpenedMedia } from '../modules/storage/media';
import { checkMediaUrl } from '../modules/storage/signing';
import { abortUpload, completeUpload, presignParts, receiveLocalPart, startUpload, uploadStatus } from '../modules/storage/uploads';
import type { Env } from './env';
import { partnerViewerOf, requireViewer } from './middleware';
import { validate } from './validate';

function uploadTypeOf(header: string | undefined): UploadType {
  if (!header) return 'file';
  if (header === 'media' || header === 'file') return header;
  throw new AppError(400, 'error.validation.invalid', `${UPLOAD_TYPE_HEADER} must be media or file`, UPLOAD_TYPE_HEADER);
}

/** A medium inline: only jpeg, png, mp4 and quicktime whose bytes were checked; nosniff and a sandbox keep browsers from reading them as anything else. */
function mediaResponse(media: OpenedMedia): Response {
  const headers: Record<string, string> = {
    'Content-Type': media.contentType,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(media.name)}`,
    'Cache-Control': 'private, max-age=3600',
  };
  const { range, body, size } = media;
  if (range === 'unsatisfiable' || !body) return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  const stream = Readable.toWeb(body) as ReadableStream;
  if (!range) return new Response(stream, { headers: { ...headers, 'Content-Length': String(size) } });
  return new Response(stream, {
    status: 206,
    headers: { ...headers, 'Content-Length': String(range.end - range.start + 1), 'Content-Range': `bytes ${range.start}-${range.end}/${size}` },
  });
}

/** Presigned URLs point at the address the browser used, or PUBLIC_URL behind a proxy. */
function originOf(url: string): string {
  return config.publicUrl ? new URL(config.publicUrl).origin : new URL(url).origin;
}

export const storageRouter = new Hono<Env>()
  .put('/part', validate('query', LocalPartQuery), async (c) => {
    const length = c.req.header('content-length');
    const part = await receiveLocalPart(c.var.db, c.req.valid('query'), c.req.raw.body, length ? Number(length) : null);
    c.header('ETag', part.etag);
    c.header('Access-Control-Expose-Headers', 'ETag');
    return c.body(null, 200);
  })
  // A medium for the ad platform, which fetches videos by URL without our session: a signed,
  // expiring link is the credential (as the part URLs'), so no viewer is needed.
  .get('/media-link/:upload_id', validate('param', MediaParam), validate('query', SignedMediaQuery), async (c) => {
    const id = c.req.valid('param').upload_id;
    const check = checkMediaUrl(id, c.req.valid('query'));
    if (check === 'forged') throw new AppError(403, 'error.storage.urlInvalid', 'This media link is not valid');
    if (check === 'expired') throw new AppError(403, 'error.storage.urlExpired', 'This media link has expired');
    return mediaResponse(await openMedia(c.var.db, null, id, c.req.header('range')));
  })
  .use('/multipart-upload', requireViewer)
  .use('/presigned-url', requireViewer)
  .use('/media/*', requireViewer)
  // spec 2 §5: a medium of the viewer's partner, shown inline (thumbnails, ad previews).
  .get('/media/:upload_id', validate('param', MediaParam), async (c) => {
    const partnerId = partnerViewerOf(c).partner.id;
    const id = c.req.valid('param').upload_id;
    return mediaResponse(await openMedia(c.var.db, partnerId, id, c.req.header('range')));
  })
  .post('/multipart-upload', validate('json', CreateMultipartRequest), async (c) => {
    const viewer = partnerViewerOf(c);
    const owner = { partnerId: viewer.partner.id, userId: viewer.userId };
    const type = uploadTypeOf(c.req.header(UPLOAD_TYPE_HEADER));
    // Campaign media go into the partner's campaign storage: a campaigns (wave) matter, like reading
    // them back (API_RULES); a file upload (sales, history) needs no module permission.
    if (type === 'media' && !viewer.permissions.wave) throw forbidden('wave');
    return c.json(await startUpload(c.var.db, owner, c.req.valid('json'), type), 201);
  })
  .post('/presigned-url', validate('json', PresignRequest), async (c) =>
    c.json(await presignParts(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json'), originOf(c.req.url))),
  )
  .put('/multipart-upload', validate('json', CompleteMultipartRequest), async (c) =>
    c.json(await completeUpload(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json'))),
  )
  .get('/multipart-upload', validate('query', UploadStatusQuery), async (c) =>
    c.json(await uploadStatus(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('query'))),
  )
  .delete('/multipart-upload', validate('json', AbortMultipartRequest), async (c) => {
    await abortUpload(c.var.db, partnerViewerOf(c).partner.id, c.req.valid('json'));
    return c.body(null, 204);
  });

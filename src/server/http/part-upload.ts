// The PUT of one upload part to a local presigned URL, served on the node:http request itself.
// Through Astro and Hono the body would cross from a Node stream to a web stream and back; on
// the 20 MB parts of a large file that conversion cost more than the disk (bench/upload.ts:
// 84 MB/s through the app, 228 MB/s for a bare node:http server). The same rules apply as on the
// Hono route (receiveLocalPart); only the plumbing differs.
import type http from 'node:http';
import { LocalPartQuery } from '../../lib/contracts/storage';
import { getDb } from '../db/client';
import { AppError } from '../lib/errors';
import { errorBody, zodIssues } from '../api/errors';
import { receiveLocalPart } from '../modules/storage/uploads';
import { LOCAL_PART_PATH } from '../modules/storage/signing';

export function isLocalPartPut(req: http.IncomingMessage): boolean {
  return req.method === 'PUT' && !!req.url && req.url.startsWith(`${LOCAL_PART_PATH}?`);
}

function answer(req: http.IncomingMessage, res: http.ServerResponse, status: number, body: object | null, headers: Record<string, string> = {}): void {
  const common = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers };
  if (body === null) {
    res.writeHead(status, common).end();
    return;
  }
  // A refused part may not have been read: close the connection rather than read it to the end.
  if (!req.readableEnded) res.setHeader('Connection', 'close');
  res.writeHead(status, { ...common, 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

export async function handleLocalPartPut(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const query = LocalPartQuery.safeParse(Object.fromEntries(new URL(req.url!, 'http://local').searchParams));
  if (!query.success) return answer(req, res, 400, errorBody('error.validation.invalid', 'Invalid request', { issues: zodIssues(query.error) }));
  try {
    const length = req.headers['content-length'];
    const part = await receiveLocalPart(await getDb(), query.data, req, length ? Number(length) : null);
    answer(req, res, 200, null, { ETag: part.etag, 'Access-Control-Expose-Headers': 'ETag' });
  } catch (err) {
    if (err instanceof AppError) return answer(req, res, err.status, errorBody(err.code, err.message));
    if (req.destroyed || res.destroyed) return; // the browser went away mid-part; it will resume
    console.error('[api] unexpected error PUT', LOCAL_PART_PATH, err);
    answer(req, res, 500, errorBody('error.server.internal', 'Something went wrong on our side. Please try again.'));
  }
}

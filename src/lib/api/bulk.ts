// spec 3 §7 POST events/bulk_upload: multipart field `file`; client.ts adds the preferred-partner
// header (spec 3 §6) to every main-API request.
import type { BulkUploadResult } from '../contracts/bulk-upload';
import { call, mainApi } from './client';

export function uploadBulkEvents(file: File, eventType: 'prisma' | 'fdlive', signal?: AbortSignal) {
  const body = new FormData();
  body.append('file', file, file.name);
  // Parsing a workbook of hundreds of events with their venues takes longer than a usual call.
  return call<BulkUploadResult>(mainApi, '/events/bulk_upload', { method: 'POST', body, searchParams: { event_type: eventType }, signal, timeout: 120_000 });
}

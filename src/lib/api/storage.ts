// Browser side of spec 1 §7 "Storage and upload": the multipart calls, and the PUT of one part to
// its presigned URL with progress (fetch cannot report upload progress; XMLHttpRequest can).
import type {
  CompleteMultipartResponse,
  CreateMultipartResponse,
  FileCategory,
  PresignResponse,
  UploadStatusResponse,
  UploadType,
} from '../contracts/storage';
import { UPLOAD_TYPE_HEADER } from '../contracts/storage';
import { ApiError, call, mainApi } from './client';

export type UploadRef = { upload_id: string; object_key: string };

export const startMultipartUpload = (file: { name: string; type: string }, category: FileCategory, uploadType: UploadType = 'file') =>
  call<CreateMultipartResponse>(mainApi, '/storage/multipart-upload', {
    method: 'POST',
    headers: { [UPLOAD_TYPE_HEADER]: uploadType },
    json: { object_name: file.name, content_type: file.type, category },
  });

export const presignParts = (ref: UploadRef, startPart: number, totalParts: number, uploadedParts: number) =>
  call<PresignResponse>(mainApi, '/storage/presigned-url', {
    method: 'POST',
    json: { ...ref, start_part_number: startPart, total_parts: totalParts, total_uploaded_parts: uploadedParts },
  });

export const completeMultipartUpload = (ref: UploadRef, parts: { part_number: number; etag: string }[]) =>
  call<CompleteMultipartResponse>(mainApi, '/storage/multipart-upload', { method: 'PUT', json: { ...ref, parts } });

export const multipartUploadStatus = (ref: UploadRef, expectedTotalParts: number) =>
  call<UploadStatusResponse>(mainApi, '/storage/multipart-upload', {
    searchParams: { ...ref, expected_total_parts: String(expectedTotalParts) },
  });

export const abortMultipartUpload = (ref: UploadRef) => call(mainApi, '/storage/multipart-upload', { method: 'DELETE', json: ref });

/**
 * spec 1 §7: parts go over https. A page served over https upgrades a presigned http URL (a
 * proxy that rewrote the scheme); a page on plain http (local development) keeps it.
 */
export function partUrlForPage(url: string, pageProtocol = typeof location === 'undefined' ? 'https:' : location.protocol): string {
  return pageProtocol === 'https:' ? url.replace(/^http:\/\//i, 'https://') : url;
}

/** PUTs one part; resolves with its ETag. `onProgress` gets the bytes of this part sent so far. */
export function putPart(url: string, body: Blob, onProgress: (sent: number) => void, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('PUT', partUrlForPage(url));
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      signal.removeEventListener('abort', onAbort);
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) return resolve(etag);
      let code = 'common.errors.inServerResponse';
      let message = `Part upload failed (${xhr.status})`;
      try {
        const data = JSON.parse(xhr.responseText) as { error_code?: string; message?: string };
        if (data.error_code) code = data.error_code;
        if (data.message) message = data.message;
      } catch {
        // S3 answers XML; the status is what matters.
      }
      reject(new ApiError(xhr.status, code, message));
    };
    xhr.onerror = () => reject(new ApiError(null, 'common.errors.inServerResponse', 'Network error while uploading'));
    xhr.onabort = () => reject(new ApiError(null, 'cancelled', 'Upload cancelled', true));
    if (signal.aborted) return reject(new ApiError(null, 'cancelled', 'Upload cancelled', true));
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.send(body);
  });
}

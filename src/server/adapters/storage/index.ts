// Picks the object store: S3 when S3_BUCKET is set, local disk under DATA_DIR otherwise.
import os from 'node:os';
import path from 'node:path';
import { config } from '../../config';
import { signedPartUrl } from '../../modules/storage/signing';
import { UPLOAD_PART_BYTES } from '../../../lib/contracts/storage';
import { LocalStorage } from './local';
import { S3Storage } from './s3';
import type { ObjectStorage } from './types';

export type { ObjectStorage, StoredPart, MultipartRef } from './types';
export { EmptyPartError, LocalStorage, PartLayoutError, PartTooLargeError } from './local';

function localRoot(): string {
  if (config.storageDir) return config.storageDir;
  // In-memory databases (tests) get a per-process folder that is not the repository's data/.
  if (config.dataDir === 'memory://') return path.join(os.tmpdir(), `encore-storage-${process.pid}`);
  return path.join(config.dataDir, 'storage');
}

let shared: ObjectStorage | undefined;

/** The local store rooted at `root`, its part URLs signed by this server. */
export function localStorageAt(root: string): LocalStorage {
  return new LocalStorage(root, UPLOAD_PART_BYTES, (ref, partNumber, expiresAt, origin) => signedPartUrl(origin, ref.uploadId, partNumber, expiresAt));
}

export function objectStorage(): ObjectStorage {
  shared ??= config.s3 ? new S3Storage(config.s3) : localStorageAt(localRoot());
  return shared;
}

/** Tests swap the store (e.g. an S3 adapter over a stubbed client). */
export function setObjectStorage(storage: ObjectStorage | undefined): void {
  shared = storage;
}

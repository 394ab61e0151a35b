import type { Config } from '../config.js';
import { createFsObjectStore } from './fs-store.js';
import type { ObjectStore } from './object-store.js';

/**
 * The object store the configuration names: S3 when S3_BUCKET is set, else
 * disk under DATA_DIR. The S3 SDK is loaded only then: an embedded
 * installation does not pay its memory.
 */
export async function openObjectStore(config: Pick<Config, 's3' | 'dataDir'>): Promise<ObjectStore> {
  if (config.s3) return (await import('./s3-store.js')).createS3ObjectStore(config.s3);
  return createFsObjectStore(config.dataDir);
}

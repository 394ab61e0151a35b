import type { Readable } from 'node:stream';
import type { PartialObjects } from './partial-objects.js';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Write-once object storage. Keys are random (newObjectKey), so two writers
 * can never collide, and an object is never modified after put.
 */
export interface ObjectStore {
  /**
   * Streams `body` into a new object under `key` (from newObjectKey, leased
   * before the call). Resolves once the object is durable; rejects (leaving
   * nothing behind) if `body` errors or the write fails.
   */
  put(key: string, body: Readable): Promise<{ key: string; size: number }>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Whether a finished object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of objects last written before `before` (epoch ms): candidates for the orphan sweep. */
  listOlderThan(before: number): AsyncIterable<string>;
  /** Objects written over several requests (resumable uploads). */
  partial: PartialObjects;
  /** Throws when the store cannot be reached (readiness probe). */
  ping(): Promise<void>;
  /**
   * Stores that keep unfinished writes out of sight (S3 multipart uploads)
   * discard those started before `before` whose key `held` does not return
   * (a writer still extending its lease keeps its upload); returns how many.
   */
  abortStaleUploads?(before: number, held: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}

import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Write-once object storage. Keys are chosen by the store (random), so two
 * writers can never collide, and an object is never modified after put.
 */
export interface ObjectStore {
  /**
   * Streams `body` into a new object. Resolves once the object is durable;
   * rejects (leaving nothing behind) if `body` errors or the write fails.
   */
  put(body: Readable): Promise<{ key: string; size: number }>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of objects last written before `before` (epoch ms): candidates for the orphan sweep. */
  listOlderThan(before: number): AsyncIterable<string>;
  /** Throws when the store cannot be reached (readiness probe). */
  ping(): Promise<void>;
  /**
   * Stores that keep unfinished writes out of sight (S3 multipart uploads)
   * discard those started before `before`; returns how many.
   */
  abortStaleUploads?(before: number): Promise<number>;
}

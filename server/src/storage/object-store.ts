import type { Readable } from 'node:stream';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

export interface PutOptions {
  /**
   * Asked while bytes arrive: true while the object is likely to be dropped
   * once its content is known (a copy of content its owner already has), so
   * the store may keep it from the disk for now.
   */
  holdFlush?: () => boolean;
  /**
   * Asked once the body has ended: false when the object will be dropped, so
   * it need not be made durable. Without it, every object is.
   */
  needsDurability?: () => Promise<boolean>;
}

/**
 * Write-once object storage. Keys are random (newObjectKey), so two writers
 * can never collide, and an object is never modified after put.
 */
export interface ObjectStore {
  /**
   * Streams `body` into a new object under `key` (from newObjectKey, leased
   * before the call). Resolves once the object is durable, unless
   * `needsDurability` said otherwise (then `durable` is false and
   * makeDurable must precede any use of it); rejects (leaving nothing behind)
   * if `body` errors or the write fails.
   */
  put(key: string, body: Readable, opts?: PutOptions): Promise<{ key: string; size: number; durable: boolean }>;
  /** Makes an object that put left non-durable survive power loss. */
  makeDurable(key: string): Promise<void>;
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Whether a finished object is stored under `key`. */
  exists(key: string): Promise<boolean>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Keys of objects last written before `before` (epoch ms): candidates for the orphan sweep. */
  listOlderThan(before: number): AsyncIterable<string>;
  /** Throws when the store cannot be reached (readiness probe). */
  ping(): Promise<void>;
  /**
   * Stores that keep unfinished writes out of sight (S3 multipart uploads)
   * discard those started before `before` whose key `held` does not return
   * (a writer still extending its lease keeps its upload); returns how many.
   */
  abortStaleUploads?(before: number, held: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}

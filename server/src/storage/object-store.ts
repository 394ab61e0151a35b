import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { PartialObjects } from './partial-objects.js';

export interface ByteRange {
  /** First byte, inclusive. */
  start: number;
  /** Last byte, inclusive. */
  end: number;
}

/**
 * Where a store hands the bytes it stores, in order, to be hashed: a store
 * knows which bytes it proves to repeat an object (see
 * PutOptions.likelyCopyOf), and those need no hashing.
 */
export interface PutHashing {
  /** Takes the object's next bytes, which must not change afterwards; a promise when the store must wait for it before the next. */
  update(chunk: Buffer): Promise<void> | undefined;
  /**
   * The object is byte for byte the one `likelyCopyOf` named: the bytes not
   * given to `update` are that object's, so its hash is that object's.
   */
  repeatsLikelyCopy(): void;
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
  /**
   * Asked while bytes arrive: the key of an object they likely repeat (their
   * owner's content with the same beginning), undefined while unknown and
   * null once known to be none. A store may compare the bytes with that
   * object rather than write them, and store a repeat of every byte without
   * writing it again. What is stored is the same either way.
   */
  likelyCopyOf?: () => string | null | undefined;
  /**
   * Given every byte stored, in order, before the put resolves, except the
   * bytes of a repeat of `likelyCopyOf`'s object (see PutHashing). Asked
   * before `needsDurability`.
   */
  hashing?: PutHashing;
}

/** An object, or a range of it, opened to be written once to a socket. */
export interface ObjectSource {
  /**
   * Writes the bytes to `destination` and ends it; resolves once it has
   * finished, rejects (the destination destroyed) when reading or writing
   * fails or the destination closes first. `destination` must be done with a
   * chunk once that chunk's write callback has run, as a socket or an HTTP
   * response is (the bytes are then the kernel's): a store may reuse its read
   * buffers from then on.
   */
  pipeTo(destination: Writable): Promise<void>;
  /** Releases a source that will not be sent. */
  close(): void;
}

/** A source over a stream that hands out each chunk once: for stores that read no other way. */
export function streamSource(body: Readable): ObjectSource {
  return { pipeTo: (destination) => pipeline(body, destination), close: () => body.destroy() };
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
  /** Like get, for bytes that go to a socket (downloads): see ObjectSource. Rejects when the object cannot be read. */
  open(key: string, range?: ByteRange): Promise<ObjectSource>;
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
  /** Releases what the store keeps open, once the server is done with it. */
  close?(): Promise<void>;
  /**
   * Stores that keep unfinished writes out of sight (S3 multipart uploads)
   * discard those started before `before` whose key `held` does not return
   * (a writer still extending its lease keeps its upload); returns how many.
   */
  abortStaleUploads?(before: number, held: (keys: string[]) => Promise<Set<string>>): Promise<number>;
}

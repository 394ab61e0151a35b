import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { KnownExtension } from '@vault/contract';
import { drain } from '../drain.js';
import { SNIFF_BYTES, isTextExtension, sniffedMime } from './content-rules.js';
import { StorageError } from './errors.js';
import { StreamHash } from './hash-thread.js';
import { newObjectKey } from './keys.js';
import type { LeaseKeeper } from './leases.js';
import type { ObjectStore, PutHashing } from './object-store.js';

export interface IngestLimits {
  /** Largest file accepted. */
  maxBytes: number;
  /** Bytes the owner may still add before the quota is exceeded. */
  budgetBytes: number;
}

export interface IngestedObject {
  key: string;
  size: number;
  /** SHA-256 of the content, lower-case hex. */
  hash: string;
  /** SHA-256 of its first HEAD_BYTES, when it is at least that long. */
  headHash: string | null;
  mime: string;
  /** False when the store left it non-durable: a copy of content the owner already has, to be dropped. */
  durable: boolean;
}

/** How much of the content the head hash covers: enough to tell files apart, early in the stream. */
export const HEAD_BYTES = 1024 * 1024;

/**
 * What the uploader already owns: their own content only, never anybody
 * else's, so how long an upload takes reveals nothing about other users.
 */
export interface OwnContent {
  /** The object (its key, and its content's SHA-256) of content they own whose first HEAD_BYTES have this SHA-256, if any. */
  objectStartingWith(headHash: string): Promise<{ key: string; hash: string } | undefined>;
  /** Whether they own content with this SHA-256. */
  has(hash: string): Promise<boolean>;
}

/**
 * One pass over the bytes on their way to the store: counts them against the
 * size limit and the quota, hashes the head, sniffs the leading bytes and,
 * for text types, checks UTF-8 without NUL. Any failure aborts the write
 * early. Memory use is one chunk and the sniffing window, whatever the file
 * size. The content's hash is the store's to take (see StoredHash).
 */
class Inspector extends Transform {
  size = 0;
  private readonly headSha = createHash('sha256');
  /** Set once HEAD_BYTES have passed, if they do. */
  headHash: string | null = null;
  private readonly utf8: TextDecoder | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  mime: string | undefined;

  constructor(
    private readonly ext: KnownExtension,
    private readonly limits: IngestLimits,
    private readonly progress: () => void,
    private readonly onHead: (headHash: string) => void,
  ) {
    super();
    this.utf8 = isTextExtension(ext) ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.progress();
    this.size += chunk.length;
    if (this.size > this.limits.maxBytes) return done(new StorageError('too_large', { limitBytes: this.limits.maxBytes }));
    if (this.size > this.limits.budgetBytes) return done(new StorageError('over_budget', { limitBytes: this.limits.budgetBytes }));
    this.hashHead(chunk);
    try {
      this.checkText(chunk, false);
    } catch (err) {
      return done(err as Error);
    }
    const passing = this.pass(chunk);
    if (!passing) return done();
    passing.then(() => done(), done);
  }

  override _flush(done: TransformCallback): void {
    try {
      this.checkText(undefined, true);
    } catch (err) {
      return done(err as Error);
    }
    if (this.mime !== undefined) return done();
    this.releaseHead().then(() => done(), done);
  }

  /** Passes the chunk on once the type is known; until then holds it with the leading bytes. */
  private pass(chunk: Buffer): Promise<void> | undefined {
    if (this.mime !== undefined) {
      this.push(chunk);
      return undefined;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return undefined;
    return this.releaseHead();
  }

  private hashHead(chunk: Buffer): void {
    const before = this.size - chunk.length;
    if (before >= HEAD_BYTES) return;
    this.headSha.update(this.size <= HEAD_BYTES ? chunk : chunk.subarray(0, HEAD_BYTES - before));
    if (this.size < HEAD_BYTES) return;
    this.headHash = this.headSha.digest('hex');
    this.onHead(this.headHash);
  }

  private checkText(chunk: Buffer | undefined, final: boolean): void {
    if (!this.utf8) return;
    if (chunk?.includes(0)) throw new StorageError('content_mismatch');
    try {
      this.utf8.decode(chunk, { stream: !final });
    } catch {
      throw new StorageError('content_mismatch');
    }
  }

  /** Decides the type from the leading bytes, then lets them through. */
  private async releaseHead(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    this.mime = await sniffedMime(this.ext, head.subarray(0, SNIFF_BYTES));
    if (head.length > 0) this.push(head);
  }
}

/**
 * Whether an object is likely a copy of the owner's content, from its head:
 * undecided until the head's answer comes back, and large content is rarely
 * undecided for long.
 */
class CopyGuess {
  /** The owner's object it likely copies; null when none, undefined until known. */
  likely: { key: string; hash: string } | null | undefined;

  constructor(private readonly own: OwnContent | undefined) {
    if (!own) this.likely = null;
  }

  onHead = (headHash: string): void => {
    this.own?.objectStartingWith(headHash).then(
      (object) => (this.likely = object ?? null),
      () => (this.likely = null),
    );
  };

  /** Until the head says otherwise, keep a likely copy off the disk. */
  holdFlush = (): boolean => this.likely !== null;

  likelyCopyOf = (): string | null | undefined => (this.likely === undefined ? undefined : (this.likely?.key ?? null));
}

/**
 * The content's SHA-256, from the bytes the store stores: all of them, or
 * those before a repeat of the likely copy, whose hash is then the copy's
 * (equal bytes are equal content). A re-upload of the owner's content is
 * then compared, not hashed.
 */
class StoredHash implements PutHashing {
  private readonly sha = new StreamHash();
  private hashed = 0;
  private repeated = false;
  private result: Promise<string> | undefined;

  constructor(private readonly guess: CopyGuess) {}

  update(chunk: Buffer): Promise<void> | undefined {
    this.hashed += chunk.length;
    return this.sha.update(chunk);
  }

  repeatsLikelyCopy(): void {
    this.repeated = true;
  }

  /** The hash of the content, `size` bytes long; the first call decides it. */
  of(size: number): Promise<string> {
    return (this.result ??= this.decide(size));
  }

  drop(): void {
    this.sha.drop();
  }

  private async decide(size: number): Promise<string> {
    if (this.repeated) {
      this.sha.drop();
      const copy = this.guess.likely;
      if (!copy) throw new Error('The store repeated a copy that was never named');
      return copy.hash;
    }
    // A store that skipped bytes without saying so would give a wrong hash: refuse it.
    if (this.hashed !== size) throw new Error(`The store hashed ${this.hashed} of ${size} bytes`);
    return this.sha.digest();
  }
}

/**
 * Streams `source` into a new object, leased by `leases` before its first
 * byte is written and kept alive as bytes flow: under `heldKey`, a new key
 * that `leases` holds already, or else a key made and held here. On any
 * failure the partial object and its lease are gone and `source` has been
 * read to its end (so a multipart parser can move on to the next part); the
 * error is rethrown.
 * A copy of content the owner already has (`own`) is not made durable: it
 * will be dropped, and the disk need not work for it.
 */
export async function ingest(
  store: ObjectStore,
  source: Readable,
  ext: KnownExtension,
  limits: IngestLimits,
  leases: LeaseKeeper,
  own?: OwnContent,
  heldKey?: string,
): Promise<IngestedObject> {
  const key = heldKey ?? newObjectKey();
  if (!heldKey) {
    try {
      await leases.hold(key);
    } catch (err) {
      await drain(source);
      throw err;
    }
  }
  const guess = new CopyGuess(own);
  const hashing = new StoredHash(guess);
  const inspector = new Inspector(ext, limits, () => leases.touch(), guess.onHead);
  // The inspector can fail before the store starts reading it (a tiny file is
  // inspected while the store is still opening its object): keep its error
  // here, so it is never unhandled and is the one reported.
  let failure: Error | undefined;
  inspector.on('error', (err) => (failure ??= err));
  const forward = (err: Error) => inspector.destroy(err);
  source.on('error', forward);
  source.pipe(inspector);
  let stored = false;
  try {
    const { size, durable } = await store.put(key, inspector, {
      holdFlush: guess.holdFlush,
      likelyCopyOf: guess.likelyCopyOf,
      hashing,
      needsDurability: async () => !(await own?.has(await hashing.of(inspector.size))),
    });
    stored = true;
    return { key, size, hash: await hashing.of(inspector.size), headHash: inspector.headHash, mime: inspector.mime!, durable };
  } catch (err) {
    hashing.drop();
    source.unpipe(inspector);
    await drain(source);
    // A put that failed left nothing; an object stored but refused here goes
    // while its lease still holds it (one whose delete fails is a stray, swept
    // once the lease is gone; the error reported stays this one).
    if (stored) await store.delete(key).catch(() => undefined);
    await leases.release(key);
    throw failure ?? err;
  } finally {
    source.off('error', forward);
  }
}

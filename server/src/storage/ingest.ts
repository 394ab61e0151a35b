import { createHash } from 'node:crypto';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { TextDecoder } from 'node:util';
import type { AcceptedExtension } from '@vault/contract';
import { drain } from '../drain.js';
import { SNIFF_BYTES, isTextExtension, sniffedMime } from './content-rules.js';
import { StorageError } from './errors.js';
import { newObjectKey } from './keys.js';
import type { LeaseKeeper } from './leases.js';
import type { ObjectStore } from './object-store.js';

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
  mime: string;
}

/**
 * One pass over the bytes on their way to the store: counts them against the
 * size limit and the quota, hashes them, sniffs the leading bytes and, for
 * text types, checks UTF-8 without NUL. Any failure aborts the write early.
 * Memory use is one chunk plus the sniffing window, whatever the file size.
 */
class Inspector extends Transform {
  private size = 0;
  private readonly sha = createHash('sha256');
  private readonly utf8: TextDecoder | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  mime: string | undefined;

  constructor(
    private readonly ext: AcceptedExtension,
    private readonly limits: IngestLimits,
    private readonly progress: () => void,
  ) {
    super();
    this.utf8 = isTextExtension(ext) ? new TextDecoder('utf-8', { fatal: true }) : undefined;
  }

  /** Call once, after the stream has ended. */
  digest(): string {
    return this.sha.digest('hex');
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.progress();
    this.size += chunk.length;
    if (this.size > this.limits.maxBytes) return done(new StorageError('too_large', { limitBytes: this.limits.maxBytes }));
    if (this.size > this.limits.budgetBytes) return done(new StorageError('over_budget', { limitBytes: this.limits.budgetBytes }));
    this.sha.update(chunk);
    try {
      this.checkText(chunk, false);
    } catch (err) {
      return done(err as Error);
    }
    if (this.mime !== undefined) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.releaseHead().then(() => done(), done);
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
 * Streams `source` into a new object, leased by `leases` before its first
 * byte is written and kept alive as bytes flow. On any failure the partial
 * object and its lease are gone and `source` has been read to its end (so a
 * multipart parser can move on to the next part); the error is rethrown.
 */
export async function ingest(
  store: ObjectStore,
  source: Readable,
  ext: AcceptedExtension,
  limits: IngestLimits,
  leases: LeaseKeeper,
): Promise<IngestedObject> {
  const key = newObjectKey();
  try {
    await leases.hold(key);
  } catch (err) {
    await drain(source);
    throw err;
  }
  const inspector = new Inspector(ext, limits, () => leases.touch());
  // The inspector can fail before the store starts reading it (a tiny file is
  // inspected while the store is still opening its object): keep its error
  // here, so it is never unhandled and is the one reported.
  let failure: Error | undefined;
  inspector.on('error', (err) => (failure ??= err));
  const forward = (err: Error) => inspector.destroy(err);
  source.on('error', forward);
  source.pipe(inspector);
  try {
    const { size } = await store.put(key, inspector);
    return { key, size, hash: inspector.digest(), mime: inspector.mime! };
  } catch (err) {
    source.unpipe(inspector);
    await drain(source);
    await leases.release(key);
    throw failure ?? err;
  } finally {
    source.off('error', forward);
  }
}

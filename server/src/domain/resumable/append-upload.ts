import { createHash, type Hash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { ChecksumAlgorithm, KnownExtension } from '@vault/contract';
import { extensionOf, sentence } from '@vault/contract';
import { bodyRead } from '../../body-memory.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { ChecksumMismatch, Conflict, DomainError, TimedOut, TooLarge } from '../shared/errors.js';
import { ResumableInspection, type HashSource } from '../../storage/inspection.js';
import { LeaseKeeper, uploadLeaseMs } from '../../storage/leases.js';
import type { PartialWriter } from '../../storage/partial-objects.js';
import { asDomainError } from '../uploads/refusals.js';
import { finishResumableUpload } from './finish-upload.js';
import { scopeOf, type UploadGateway } from './gateway.js';
import { UploadLock } from './upload-lock.js';
import { completedFileId, discardUploadObject, ownUpload, type ResumableUpload } from './uploads.js';

/** Progress is saved at least this often within one long request (without a checksum), so a crash loses little. */
export const CHECKPOINT_BYTES = 64 * 1024 * 1024;

export interface AppendResult {
  offset: number;
  expiresAt: number;
  /** Once the upload is complete: the file it became. */
  fileId?: number;
}

/**
 * PATCH: appends the request's bytes at `offset`, which must be where the
 * upload stands (409 otherwise), while holding the upload's lock (423 while
 * another request writes to it). Bytes are inspected as they arrive, in the
 * state the previous request saved; content that turns out not to be what its
 * name says ends the whole upload (415). Whatever arrived is kept, even when
 * the connection breaks or stalls (no byte for UPLOAD_IDLE_SECONDS: 408), so
 * the client resumes from there — unless the request carries a checksum:
 * then its bytes are appended only once the checksum matches them all (460
 * otherwise), and nothing of a broken one is kept. A body longer than what
 * the upload lacks is refused whole (413): nothing of it is kept, so that a
 * corrected retry goes on from where this one began. The request that brings
 * the last byte commits the file, even when its connection broke afterwards:
 * the client learns of it by asking again. A PATCH at the end of a completed
 * upload answers with its file.
 */
export interface Append {
  uploadId: string;
  /** Upload-Offset: where the client believes the upload stands. */
  offset: number;
  body: Readable;
  /** Upload-Checksum: the digest of this request's bytes. */
  checksum?: { algorithm: ChecksumAlgorithm; digest: Buffer };
  /** The link the upload was made through, if it was. */
  via?: UploadGateway;
}

export async function appendToUpload(ctx: DomainContext, actor: Actor, { uploadId: id, offset, body, checksum, via }: Append): Promise<AppendResult> {
  const found = await ownUpload(ctx.db, scopeOf(actor.id, via), id);
  const lock = await UploadLock.take(ctx.db, found.id, uploadLeaseMs(ctx.settings.uploadIdleMs));
  let upload: ResumableUpload | undefined;
  let writer: PartialWriter | undefined;
  let progress: Progress | undefined;
  try {
    const current = await ownUpload(ctx.db, scopeOf(actor.id, via), id);
    if (current.completed_at !== null) {
      const fileId = await completedFileId(ctx.db, current);
      if (offset !== current.upload_length) throw new Conflict(`The upload is complete: Upload-Offset is ${current.upload_length}`);
      return { offset, expiresAt: current.expires_at, fileId };
    }
    upload = current;
    if (offset !== upload.upload_offset) throw new Conflict(`Upload-Offset must be ${upload.upload_offset}, where the upload stands`);
    const ext = extensionOf(upload.file_name) as KnownExtension;
    const inspection = await ResumableInspection.resume(ext, upload.inspection, hashSource(ctx, upload));
    const leases = new LeaseKeeper(ctx, Math.max(upload.expires_at - Date.now(), uploadLeaseMs(ctx.settings.uploadIdleMs)));
    await leases.adopt(upload.storage_key);
    writer = await ctx.store.partial.resume(upload.storage_key, upload.store_state, offset);

    progress = new Progress(ctx, lock, upload, inspection, writer, checksum);
    const broken = await progress.receive(body, leases);
    if (checksum && (broken || !progress.matches(checksum.digest))) {
      // Nothing of these bytes is appended: the next request goes on from where this one began.
      if (broken instanceof DomainError) throw broken;
      if (broken) return { offset: upload.upload_offset, expiresAt: upload.expires_at };
      throw new ChecksumMismatch(`The bytes sent do not match Upload-Checksum; the upload stays at ${upload.upload_offset}`);
    }
    // With every byte in, the upload is completed whatever became of the body after them (ended,
    // lost, or stalled waiting for bytes past the end); before that, a stall is answered and a lost
    // connection has nobody to answer. The write that records the last byte also marks the upload
    // complete, and only it: no client ever sees every byte in with no file to come, which tus
    // clients take for success (HEAD answers 423 until the file is committed).
    const complete = progress.offset === upload.upload_length;
    await progress.save(complete);
    if (!complete) {
      // The hashes now cover exactly the bytes saved: the next request reaching this process goes on from them.
      const unsaved = inspection.unsavedHashes;
      if (unsaved) ctx.hashes.keep(upload.id, unsaved);
      if (broken instanceof DomainError) throw broken;
      return { offset: progress.offset, expiresAt: upload.expires_at };
    }
    await writer.close(progress.storeState);
    writer = undefined;
    const finishing = { ...upload, store_state: progress.storeState };
    const fileId = await lock.keepWhile(() => finishResumableUpload(ctx, actor, finishing, lock, inspection, leases, via));
    upload = undefined;
    return { offset: progress.offset, expiresAt: found.expires_at, fileId };
  } catch (thrown) {
    const err = asDomainError(thrown, ctx.settings.allowedTypes);
    if (upload && err instanceof DomainError && err.kind === 'unsupported_type') await cancelContent(ctx, upload, lock);
    throw err;
  } finally {
    const saved = progress?.storeState ?? upload?.store_state;
    if (saved !== undefined) await writer?.close(saved).catch(() => undefined);
    await lock.release();
  }
}

/** Where this request takes up the hashes of the bytes before it (see HashSource). */
function hashSource(ctx: DomainContext, upload: ResumableUpload): HashSource {
  const { partial } = ctx.store;
  if (!partial.read) return { kind: 'saved' };
  const kept = ctx.hashes.take(upload.id, upload.upload_offset);
  return { kind: 'node', kept, stored: () => partial.read!(upload.storage_key, upload.store_state, upload.upload_offset) };
}

/** The content is refused: the upload goes, with everything it stored. */
async function cancelContent(ctx: DomainContext, upload: ResumableUpload, lock: UploadLock): Promise<void> {
  const gone = await ctx.db
    .deleteFrom('resumable_uploads')
    .where('id', '=', upload.id)
    .where('lock_token', '=', lock.token)
    .returning('store_state')
    .executeTakeFirst();
  if (gone) await discardUploadObject(ctx, { storage_key: upload.storage_key, store_state: gone.store_state });
}

/**
 * A body that goes past the upload's length. It is refused as soon as it
 * does and left unread, not destroyed: its connection carries the answer.
 */
class Overflow extends TooLarge {
  constructor(upload: ResumableUpload) {
    super(`The upload is ${upload.upload_length} bytes long and this request sent more; the upload stays at ${upload.upload_offset}`);
  }
}

/** The connection stays open, so that the client still gets the answer. */
function stalled(idleMs: number): TimedOut {
  const seconds = idleMs / 1000;
  return new TimedOut(sentence('uploadStalled', { count: seconds }));
}

/**
 * One request's bytes on their way in, and the saving of how far they came.
 * A checkpoint within the request holds the reading back only until the
 * store has taken every byte so far; making them durable and recording them
 * runs while the next bytes arrive, one such save at a time. receive()
 * returns or throws only once that save has ended: the final save and the
 * closing of the writer never run beside it.
 */
class Progress {
  offset: number;
  /** The store's state as last saved with the offset. */
  storeState: string;
  /** The offset last saved. */
  private savedAt: number;
  /** The offset of the last checkpoint, saved or still being saved. */
  private checkpointAt: number;
  /** The save of the last checkpoint; rejects with its failure. */
  private saving: Promise<void> = Promise.resolve();
  /** That save's failure, once it failed: the request stops at its next chunk. */
  private failure: Error | undefined;
  private readonly digest: Hash | undefined;

  constructor(
    private readonly ctx: DomainContext,
    private readonly lock: UploadLock,
    private readonly upload: ResumableUpload,
    private readonly inspection: ResumableInspection,
    private readonly writer: PartialWriter,
    checksum: Append['checksum'],
  ) {
    this.offset = upload.upload_offset;
    this.savedAt = this.offset;
    this.checkpointAt = this.offset;
    this.storeState = upload.store_state;
    this.digest = checksum && createHash(checksum.algorithm);
  }

  /** Whether the bytes received have this digest. */
  matches(expected: Buffer): boolean {
    return this.digest!.digest().equals(expected);
  }

  /**
   * Reads the body to its end or its failure. A failure of the body (a broken
   * connection, a stall) is returned, not thrown: what arrived before it is
   * kept. Failures of the checks or the store, a checkpoint's save included,
   * are thrown; a body too long takes back what its checkpoints saved.
   */
  async receive(body: Readable, leases: LeaseKeeper): Promise<Error | undefined> {
    const ended = await this.read(body, leases).catch(async (err: unknown) => {
      // The failure in hand is the one answered; the save only has to end before the writer closes.
      await this.saving.catch(() => undefined);
      if (err instanceof Overflow) await this.rewind();
      throw err;
    });
    await this.saving;
    return ended;
  }

  /**
   * Makes the bytes durable, then records them: the saved offset never runs
   * ahead of the store. With `complete`, the same write marks the upload complete.
   */
  async save(complete = false): Promise<void> {
    if (!complete && this.offset === this.savedAt) return;
    const { durable } = await this.writer.checkpoint();
    await this.record(durable, complete);
  }

  private async read(body: Readable, leases: LeaseKeeper): Promise<Error | undefined> {
    const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
    for (;;) {
      let next: IteratorResult<Buffer>;
      // Only time spent waiting for the client counts as idle, not our own writes.
      const idle = setTimeout(() => body.emit('error', stalled(this.ctx.settings.uploadIdleMs)), this.ctx.settings.uploadIdleMs);
      try {
        next = await chunks.next();
      } catch (err) {
        return err as Error;
      } finally {
        clearTimeout(idle);
      }
      if (this.failure) throw this.failure;
      if (next.done) return undefined;
      const chunk = next.value;
      bodyRead(chunk.length);
      if (chunk.length > this.upload.upload_length - this.offset) throw new Overflow(this.upload);
      this.digest?.update(chunk);
      await this.inspection.update(chunk);
      await this.writer.write(chunk);
      this.offset += chunk.length;
      leases.touch();
      await this.lock.extend();
      // With a checksum, nothing is kept before all of it is checked; the last byte is recorded only with the upload's completion.
      const last = this.offset === this.upload.upload_length;
      if (!this.digest && !last && this.offset - this.checkpointAt >= CHECKPOINT_BYTES) await this.checkpoint();
    }
  }

  /**
   * The upload back where the request found it: the offset, the inspection's
   * state and the store's state it began with, recorded again if a checkpoint
   * saved others. The store goes on from that state as after a crash.
   */
  private async rewind(): Promise<void> {
    const { upload_offset: offset, inspection, store_state: storeState } = this.upload;
    if (this.savedAt !== offset) await this.store(offset, inspection, storeState, false);
    this.offset = offset;
  }

  /**
   * Within the request: once the previous checkpoint is saved, waits only
   * until the store has taken every byte so far, and saves them while the
   * next bytes arrive.
   */
  private async checkpoint(): Promise<void> {
    await this.saving;
    const { durable } = await this.writer.checkpoint();
    this.checkpointAt = this.offset;
    this.saving = this.record(durable, false);
    this.saving.catch((err: Error) => {
      this.failure = err;
    });
  }

  /**
   * Records the offset and the inspection's state as they are when called,
   * as the store took the bytes (the inspection has seen exactly those), with
   * the store's state once `durable` says those bytes are durable.
   */
  private async record(durable: Promise<string>, complete: boolean): Promise<void> {
    const offset = this.offset;
    const inspection = this.inspection.save();
    await this.store(offset, inspection, await durable, complete);
  }

  /** Saves the upload at `offset` with these states, under this request's lock. */
  private async store(offset: number, inspection: string, storeState: string, complete: boolean): Promise<void> {
    const saved = await this.ctx.db
      .updateTable('resumable_uploads')
      .set({ upload_offset: offset, inspection, store_state: storeState, completed_at: complete ? Date.now() : null })
      .where('id', '=', this.upload.id)
      .where('lock_token', '=', this.lock.token)
      .where('completed_at', 'is', null)
      .executeTakeFirst();
    if (Number(saved.numUpdatedRows) !== 1) throw new Conflict('The upload was cancelled or taken over while its bytes arrived');
    this.savedAt = offset;
    this.storeState = storeState;
  }
}

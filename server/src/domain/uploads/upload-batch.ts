import type { Readable } from 'node:stream';
import { LIMITS, extensionOf, type FileItem, type OnConflict, VALIDATION_MESSAGES, sentence } from '@vault/contract';
import { drain } from '../../drain.js';
import { acceptedExtension } from '../../storage/content-rules.js';
import { ingest, type IngestedObject, type OwnContent } from '../../storage/ingest.js';
import { newObjectKey } from '../../storage/keys.js';
import { LeaseKeeper, uploadLeaseMs } from '../../storage/leases.js';
import { ownedFolder } from '../access/rules.js';
import { NameTaken, normalizeFileName } from '../files/names.js';
import { fileNamed } from '../shared/sibling-names.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { DomainError, Invalid, QuotaExceeded } from '../shared/errors.js';
import { lookAtContent, ownObjectStartingWith, type ContentLook } from '../shared/quota.js';
import { commitUpload, discardObject, type UploadOptions } from './commit-upload.js';
import { uploadBudget, type UploadBudget } from './upload-budget.js';
import { asDomainError } from './refusals.js';

type Staged = { name: string; object: IngestedObject } | { name: string; error: DomainError };

/** What became of one file of the batch. */
export type UploadedFile = { name: string; file: FileItem } | { name: string; error: DomainError };

/**
 * One upload request's files, from their first byte to their commit. Each
 * file streams into its own new object as it arrives; options may come before
 * or after the files. Every object is leased before it is written and its
 * lease kept alive while bytes keep arriving (`touch`), so maintenance never
 * takes an object of an upload in flight. Once the whole request is read,
 * each stored object becomes a file in its own transaction (`commit`); if the
 * request as a whole is refused, `discard` deletes every object it wrote.
 */
export class UploadBatch {
  readonly options: UploadOptions = { isPublic: false, folderId: null, tags: [], onConflict: 'fail' };
  /** Which of the options that decide where a file goes have been given (each may be given once). */
  private readonly given = { folder: false, onConflict: false };
  private readonly staged: Staged[] = [];
  /** Hashes already charged to this batch: a second copy in one request costs nothing more. */
  private readonly counted = new Set<string>();
  /**
   * Whether the user owned each hash when this request first asked (while
   * storing it, then to charge it against the budget), and where known
   * content is stored (for the commit's look at its object): one look serves
   * all three. Only a first answer: the commit asks again, exactly, in its
   * transaction.
   */
  private readonly looks = new Map<string, Promise<ContentLook>>();
  private files = 0;

  /**
   * @param heldKey A new object key that `leases` holds already (taken with
   * the budget's read), for the first file that is stored.
   */
  constructor(
    private readonly ctx: DomainContext,
    private readonly actor: Actor,
    private readonly budget: UploadBudget,
    private readonly leases: LeaseKeeper,
    private heldKey: string | undefined,
  ) {}

  /** Bytes arrived: keeps the leases of every object written so far alive. */
  touch(): void {
    this.leases.touch();
  }

  /** Checked as soon as it arrives, so a folder that is not the caller's stops the upload before more bytes are stored. */
  async chooseFolder(folderId: number | null): Promise<void> {
    if (this.given.folder) throw new Invalid('folder_id must be sent once');
    if (folderId !== null) await ownedFolder(this.ctx.db, this.actor.id, folderId);
    this.options.folderId = folderId;
    this.given.folder = true;
  }

  chooseOnConflict(onConflict: OnConflict): void {
    if (this.given.onConflict) throw new Invalid('on_conflict must be sent once');
    this.options.onConflict = onConflict;
    this.given.onConflict = true;
  }

  /**
   * A clash that will be refused whatever comes later in the request: the
   * folder and on_conflict=fail were both given before this file. Its bytes
   * are then never stored; otherwise the commit decides.
   */
  private async refusedEarly(name: string): Promise<boolean> {
    if (!this.given.folder || !this.given.onConflict || this.options.onConflict !== 'fail') return false;
    return (await fileNamed(this.ctx.db, this.actor.id, this.options.folderId, name)) !== undefined;
  }

  /** Tags repeat nothing, ignoring case, and are at most LIMITS.maxTags. */
  addTag(tag: string): void {
    const tags = this.options.tags;
    if (tags.some((t) => t.toLowerCase() === tag.toLowerCase())) return;
    if (tags.length >= LIMITS.maxTags) throw new Invalid(VALIDATION_MESSAGES.tooManyTags);
    tags.push(tag);
  }

  /**
   * Stores one file, or records why it was refused; the stream is always read
   * to its end. Content the user already has (or sent earlier in this batch)
   * costs nothing more; new content is charged against what remains of the
   * quota, and a file past it is refused while the others go on.
   */
  async stage(fileName: string, content: Readable): Promise<void> {
    this.files += 1;
    if (this.files > LIMITS.maxFilesPerUpload) {
      await drain(content);
      throw new Invalid(sentence('tooManyFilesPerUpload', { max: LIMITS.maxFilesPerUpload }));
    }
    const result = await this.store(fileName, content);
    if ('object' in result) {
      const { hash, size, key } = result.object;
      const free = this.counted.has(hash) || (await this.ownedEarlier(hash));
      if ((!free || this.options.admitAsNew) && size > this.budget.remaining) {
        await discardObject(this.ctx, this.leases, key);
        this.staged.push({ name: result.name, error: new QuotaExceeded() });
        return;
      }
      if (!free) this.budget.remaining -= size;
      this.counted.add(hash);
    }
    this.staged.push(result);
  }

  private async store(fileName: string, content: Readable): Promise<Staged> {
    let name = fileName;
    try {
      name = normalizeFileName(fileName);
      if (await this.refusedEarly(name)) {
        await drain(content);
        return { name, error: new NameTaken(name) };
      }
      const ext = acceptedExtension(extensionOf(name), this.ctx.settings.allowedTypes);
      // A copy of the user's own content may run to the largest they hold, unless it is admitted as new content.
      const budgetBytes = this.options.admitAsNew ? this.budget.remaining : Math.max(this.budget.remaining, this.budget.ownCeiling);
      const limits = { maxBytes: this.ctx.settings.maxFileBytes, budgetBytes };
      const own: OwnContent = {
        objectStartingWith: (headHash) => ownObjectStartingWith(this.ctx.db, this.actor.id, headHash),
        has: (hash) => this.ownedEarlier(hash),
      };
      const started = performance.now();
      const heldKey = this.heldKey;
      this.heldKey = undefined;
      const object = await ingest(this.ctx.store, content, ext, limits, this.leases, own, heldKey);
      this.ctx.observe.uploaded(object.size, (performance.now() - started) / 1000);
      return { name, object };
    } catch (err) {
      await drain(content);
      const refusal = asDomainError(err, this.ctx.settings.allowedTypes);
      if (refusal instanceof DomainError) return { name, error: refusal };
      throw refusal;
    }
  }

  private lookEarlier(hash: string): Promise<ContentLook> {
    let answer = this.looks.get(hash);
    if (!answer) {
      answer = lookAtContent(this.ctx.db, this.actor.id, hash);
      this.looks.set(hash, answer);
    }
    return answer;
  }

  private async ownedEarlier(hash: string): Promise<boolean> {
    return (await this.lookEarlier(hash)).owned;
  }

  /** The request as a whole was refused: every object it wrote goes. */
  async discard(): Promise<void> {
    await this.releaseHeldKey();
    await Promise.all(this.staged.map((s) => ('object' in s ? discardObject(this.ctx, this.leases, s.object.key) : undefined)));
  }

  /** The request is read: a held key no file was stored under (each was refused first) needs its lease no more. */
  private async releaseHeldKey(): Promise<void> {
    if (this.heldKey === undefined) return;
    await this.leases.release(this.heldKey);
    this.heldKey = undefined;
  }

  /** Each stored object becomes a file in its own transaction; one file's failure leaves the others. */
  async commit(): Promise<UploadedFile[]> {
    await this.releaseHeldKey();
    if (this.files === 0) throw new Invalid(sentence('noFilesUploaded'));
    const results: UploadedFile[] = [];
    for (const item of this.staged) {
      if ('error' in item) {
        results.push(item);
        continue;
      }
      try {
        const { name, object } = item;
        const storedAs = async () => (await this.lookEarlier(object.hash)).storageKey;
        results.push({ name, file: await commitUpload(this.ctx, this.actor, { name, object, options: this.options, leases: this.leases, storedAs }) });
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        results.push({ name: item.name, error: err });
      }
    }
    return results;
  }
}

/** Opens an upload for the caller, with what remains of their quota. */
export async function startUpload(ctx: DomainContext, actor: Actor): Promise<UploadBatch> {
  const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
  const firstKey = newObjectKey();
  const budget = await uploadBudget(ctx, actor.id, leases, firstKey);
  return new UploadBatch(ctx, actor, budget, leases, firstKey);
}

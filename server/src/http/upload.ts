import type { FastifyRequest } from 'fastify';
import type { Multipart, MultipartFile } from '@fastify/multipart';
import { LIMITS, extensionOf, tagSchema, type UploadResponse, type UploadResult } from '@vault/contract';
import { ownedFolder } from '../domain/access/rules.js';
import type { Actor, DomainContext } from '../domain/shared/context.js';
import { DomainError, Invalid, QuotaExceeded, TimedOut, UnsupportedType } from '../domain/shared/errors.js';
import { normalizeFileName } from '../domain/files/names.js';
import { ownsContent } from '../domain/shared/quota.js';
import { commitUpload, discardObject, uploadBudget, type UploadOptions } from '../domain/uploads/commit-upload.js';
import { acceptedExtension } from '../storage/content-rules.js';
import { drain, ingest, type IngestedObject } from '../storage/ingest.js';
import { LeaseKeeper, uploadLeaseMs } from '../storage/leases.js';
import { watchBody } from './body-watch.js';
import { statusOf } from './errors.js';

type Staged = { name: string; object: IngestedObject } | { name: string; error: DomainError };

const FILE_FIELDS = new Set(['files', 'files[]']);
const TAG_FIELDS = new Set(['tags', 'tags[]']);

/** Multipart errors raised by the parser itself, in the user's words. */
function parserError(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new Invalid('The upload has too many parts');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new UnsupportedType('Expected a multipart/form-data upload');
  if (err instanceof Error && /multipart|part|boundary/i.test(err.message) && !(err instanceof DomainError)) {
    return new Invalid('Malformed multipart upload');
  }
  return err;
}

/** The non-file fields of an upload form, applied as they arrive; `options` are read when the files commit. */
export interface UploadForm {
  readonly options: UploadOptions;
  apply(name: string, value: string, truncated: boolean): Promise<void>;
}

/** The signed-in user's form: visibility, folder, tags. */
class UploadFields implements UploadForm {
  readonly options: UploadOptions = { isPublic: false, folderId: null, tags: [] };

  constructor(
    private readonly ctx: DomainContext,
    private readonly actor: Actor,
  ) {}

  /** Fields are checked as they arrive, so a bad one stops the upload before more bytes are stored. */
  async apply(name: string, value: string, truncated: boolean): Promise<void> {
    if (name === 'is_public') {
      if (value !== 'true' && value !== 'false' && value !== '') throw new Invalid('is_public must be true or false');
      this.options.isPublic = value === 'true';
    } else if (name === 'folder_id') {
      if (value === '') return void (this.options.folderId = null);
      const id = Number(value);
      if (!Number.isSafeInteger(id) || id <= 0) throw new Invalid('folder_id must be a folder id');
      await ownedFolder(this.ctx.db, this.actor.id, id);
      this.options.folderId = id;
    } else if (TAG_FIELDS.has(name)) {
      const parsed = tagSchema.safeParse(value);
      if (truncated || !parsed.success) throw new Invalid(parsed.error?.issues[0]?.message ?? `Tags must be at most ${LIMITS.maxTagLength} characters`);
      const tags = this.options.tags;
      if (tags.some((t) => t.toLowerCase() === parsed.data.toLowerCase())) return;
      if (tags.length >= LIMITS.maxTags) throw new Invalid('Maximum 10 tags allowed');
      tags.push(parsed.data);
    }
  }
}

/** Stores one file part, or says why it was refused; the part is always read to its end. */
async function stageFile(ctx: DomainContext, part: MultipartFile, budget: number, leases: LeaseKeeper): Promise<Staged> {
  let name = part.filename;
  try {
    name = normalizeFileName(part.filename);
    const ext = acceptedExtension(extensionOf(name));
    return { name, object: await ingest(ctx.store, part.file, ext, { maxBytes: ctx.settings.maxFileBytes, budgetBytes: budget }, leases) };
  } catch (err) {
    await drain(part.file);
    if (err instanceof DomainError) return { name, error: err };
    throw err;
  }
}

export interface UploadOutcome {
  status: number;
  body: UploadResponse;
}

/**
 * POST /api/files/upload. Each file streams into its own new object as it
 * arrives; fields may come before or after the files. Every object is leased
 * before it is written and its lease kept alive while the body keeps
 * arriving, so maintenance never takes an object of an upload in flight; a
 * body that stops arriving for UPLOAD_IDLE_SECONDS is cut off (408). Once the
 * whole request is read, each stored object becomes a file in its own
 * transaction. If the request as a whole is refused, every object it wrote is
 * deleted. `fields` reads the form's other fields: the signed-in user's by
 * default, a file request's for its visitors.
 */
export async function handleUpload(
  ctx: DomainContext,
  actor: Actor,
  request: FastifyRequest,
  fields: UploadForm = new UploadFields(ctx, actor),
): Promise<UploadOutcome> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected a multipart/form-data upload');
  const staged: Staged[] = [];
  const counted = new Set<string>();
  const budget = await uploadBudget(ctx, actor.id);
  const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
  let stopWatching = () => {};
  let files = 0;
  try {
    const parts = request.parts({
      limits: {
        fileSize: ctx.settings.maxFileBytes + 1,
        files: LIMITS.maxFilesPerUpload + 1,
        fields: 40,
        fieldSize: 1024,
        parts: 60,
        headerPairs: 100,
      },
    });
    const idle = ctx.settings.uploadIdleMs / 1000;
    // The multipart parser ends the parts with this error, as it would on a
    // failed connection; the client still gets the answer.
    stopWatching = watchBody(request.raw, ctx.settings.uploadIdleMs, () => leases.touch(), () =>
      request.raw.emit('error', new TimedOut(`The upload stalled: no data arrived for ${idle} second${idle === 1 ? '' : 's'}`)),
    );
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        await fields.apply(part.fieldname, String(part.value), part.valueTruncated);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        await drain(part.file);
        throw new Invalid('Files must be sent in the "files" field');
      }
      files += 1;
      if (files > LIMITS.maxFilesPerUpload) {
        await drain(part.file);
        throw new Invalid(`At most ${LIMITS.maxFilesPerUpload} files per upload`);
      }
      const result = await stageFile(ctx, part, Math.max(budget.remaining, budget.ownCeiling), leases);
      if ('object' in result) {
        // Content the user already has (or sent earlier in this request) costs nothing more.
        const { hash, size, key } = result.object;
        const free = counted.has(hash) || (await ownsContent(ctx.db, actor.id, hash));
        if (!free && size > budget.remaining) {
          await discardObject(ctx, leases, key);
          staged.push({ name: result.name, error: new QuotaExceeded() });
          continue;
        }
        if (!free) budget.remaining -= size;
        counted.add(hash);
      }
      staged.push(result);
    }
  } catch (err) {
    await Promise.all(staged.map((s) => ('object' in s ? discardObject(ctx, leases, s.object.key) : undefined)));
    throw parserError(err);
  } finally {
    stopWatching();
  }
  if (files === 0) throw new Invalid('No files were uploaded');

  const results: UploadResult[] = [];
  for (const item of staged) {
    if ('error' in item) {
      results.push({ ok: false, name: item.name, error: item.error.message, status: statusOf(item.error) });
      continue;
    }
    try {
      results.push({ ok: true, name: item.name, file: await commitUpload(ctx, actor, item.name, item.object, fields.options, leases) });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ ok: false, name: item.name, error: err.message, status: statusOf(err) });
    }
  }
  return summarize(results);
}

function summarize(results: UploadResult[]): UploadOutcome {
  const stored = results.flatMap((r) => (r.ok ? [r.file] : []));
  const failures = results.flatMap((r) => (r.ok ? [] : [r]));
  if (failures.length === 0) return { status: 201, body: { results, files: stored } };
  if (stored.length > 0) return { status: 207, body: { results, files: stored } };
  const first = failures[0]!;
  return { status: first.status, body: { results, files: [], error: first.error } };
}

import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { LIMITS, folderIdFieldSchema, isPublicFieldSchema, onConflictSchema, tagSchema, type OnConflict, type UploadResponse, type UploadResult, VALIDATION_MESSAGES, sentence } from '@vault/contract';
import { drain } from '../drain.js';
import type { Actor, DomainContext } from '../domain/shared/context.js';
import { DomainError, Invalid, TimedOut, UnsupportedType } from '../domain/shared/errors.js';
import { startUpload, type UploadBatch, type UploadedFile } from '../domain/uploads/upload-batch.js';
import { watchBody } from './body-watch.js';
import { statusOf } from './errors.js';
import { parse } from './validate.js';

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

/** How an upload's form is read: the signed-in user's by default, a file request's for its visitors. */
export interface UploadForm {
  /** Sets the batch's options before any part is read. */
  prepare?(batch: UploadBatch): Promise<void>;
  /** A form field, read as it arrives, so a bad one stops the upload before more bytes are stored. */
  apply(batch: UploadBatch, name: string, value: string, truncated: boolean): Promise<void>;
}

/** The signed-in user's own form: visibility, folder, tags, what to do on a name clash. */
async function applyField(batch: UploadBatch, name: string, value: string, truncated: boolean): Promise<void> {
  if (name === 'is_public') {
    batch.options.isPublic = parse(isPublicFieldSchema, value);
  } else if (name === 'folder_id') {
    await batch.chooseFolder(parse(folderIdFieldSchema, value));
  } else if (name === 'on_conflict') {
    batch.chooseOnConflict(parse(onConflictSchema, value));
  } else if (TAG_FIELDS.has(name)) {
    const parsed = tagSchema.safeParse(value);
    if (truncated || !parsed.success) throw new Invalid(parsed.error?.issues[0]?.message ?? VALIDATION_MESSAGES.tagTooLong);
    batch.addTag(parsed.data);
  }
}

/** The signed-in user's form; on_conflict may come in the query string instead of the form. */
export function ownUploadForm(onConflict: OnConflict | undefined): UploadForm {
  return {
    prepare: async (batch) => {
      if (onConflict) batch.chooseOnConflict(onConflict);
    },
    apply: applyField,
  };
}

export interface UploadOutcome {
  status: number;
  body: UploadResponse;
}

/**
 * A multipart upload: fields and files in any order, each file handed to the
 * upload batch as it streams in. A body that stops arriving for
 * UPLOAD_IDLE_SECONDS is cut off (408). `form` reads the other fields. Each
 * holds one of the user's UPLOAD_MAX_PARALLEL slots until it is answered.
 */
export async function handleUpload(
  ctx: DomainContext,
  actor: Actor,
  request: FastifyRequest,
  form: UploadForm,
): Promise<UploadOutcome> {
  if (!request.isMultipart()) throw new UnsupportedType('Expected a multipart/form-data upload');
  const release = ctx.uploadSlots.take(actor.id);
  try {
    return await receiveUpload(ctx, actor, request, form);
  } finally {
    release();
  }
}

async function receiveUpload(ctx: DomainContext, actor: Actor, request: FastifyRequest, form: UploadForm): Promise<UploadOutcome> {
  const batch = await startUpload(ctx, actor);
  await form.prepare?.(batch);
  let stopWatching = () => {};
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
    stopWatching = watchBody(request.raw, ctx.settings.uploadIdleMs, () => batch.touch(), () =>
      request.raw.emit('error', new TimedOut(sentence('uploadStalled', { count: idle }))),
    );
    for await (const part of parts as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        await form.apply(batch, part.fieldname, String(part.value), part.valueTruncated);
        continue;
      }
      if (!FILE_FIELDS.has(part.fieldname)) {
        await drain(part.file);
        throw new Invalid('Files must be sent in the "files" field');
      }
      await batch.stage(part.filename, part.file);
    }
  } catch (err) {
    await batch.discard();
    throw parserError(err);
  } finally {
    stopWatching();
  }
  return summarize((await batch.commit()).map(resultOf));
}

function resultOf(item: UploadedFile): UploadResult {
  return 'file' in item
    ? { ok: true, name: item.name, file: item.file }
    : { ok: false, name: item.name, error: item.error.message, ...item.error.ref, status: statusOf(item.error) };
}

function summarize(results: UploadResult[]): UploadOutcome {
  const stored = results.flatMap((r) => (r.ok ? [r.file] : []));
  const failures = results.flatMap((r) => (r.ok ? [] : [r]));
  if (failures.length === 0) return { status: 201, body: { results, files: stored } };
  if (stored.length > 0) return { status: 207, body: { results, files: stored } };
  const { status, error, code, params } = failures[0]!;
  return { status, body: { results, files: [], error, code, params } };
}

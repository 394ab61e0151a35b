import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';
import { tagListSchema } from './files.js';
import { onConflictSchema } from './versions.js';

/**
 * Resumable uploads follow the tus 1.0 protocol (core, creation, termination,
 * expiration, checksum) at this path; each upload is then at `${path}/{id}`.
 */
export const RESUMABLE_UPLOADS_PATH = '/api/uploads';
export const TUS_VERSION = '1.0.0';
export const TUS_EXTENSIONS = ['creation', 'termination', 'expiration', 'checksum'] as const;
/** The algorithms a PATCH's Upload-Checksum may name. */
export const TUS_CHECKSUM_ALGORITHMS = ['sha1', 'sha256'] as const;
export type ChecksumAlgorithm = (typeof TUS_CHECKSUM_ALGORITHMS)[number];
/** The response header of the request that completed an upload: the id of the stored file. */
export const FILE_ID_HEADER = 'vault-file-id';

/** A form's is_public: true, false, or empty (false). */
export const isPublicFieldSchema = z
  .enum(['true', 'false', ''], { error: 'is_public must be true or false' })
  .optional()
  .transform((v) => v === 'true');

/** A form's folder_id: decimal digits of a folder's id, or empty for the top level (null). */
export const folderIdFieldSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === '') return null;
    const id = Number(v);
    if (/^\d+$/.test(v) && Number.isSafeInteger(id) && id > 0) return id;
    ctx.addIssue({ code: 'custom', message: 'folder_id must be a folder id' });
    return z.NEVER;
  });

const tags = z
  .string()
  .max(LIMITS.maxTags * (LIMITS.maxTagLength + 8) + 2, VALIDATION_MESSAGES.tooManyTags)
  .optional()
  .transform((v, ctx): unknown => {
    if (v === undefined || v === '') return [];
    try {
      return JSON.parse(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'tags must be a JSON list of strings' });
      return z.NEVER;
    }
  })
  .pipe(tagListSchema);

/**
 * The Upload-Metadata of a new upload, decoded: the same fields as the
 * multipart route (name, visibility, folder, tags), and optionally the
 * content's SHA-256 so that content the caller already owns completes at once,
 * and what to do when the name is taken (`on_conflict`, as on the multipart route).
 * `filetype` (sent by tus clients) is accepted and ignored: the content decides.
 */
export const resumableMetadataSchema = z.object({
  filename: z.string({ error: 'filename is required in Upload-Metadata' }).min(1, 'filename is required in Upload-Metadata').max(1024, 'File name is too long'),
  is_public: isPublicFieldSchema,
  folder_id: folderIdFieldSchema,
  tags,
  sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'sha256 must be 64 hexadecimal digits')
    .optional()
    .transform((v) => v?.toLowerCase()),
  filetype: z.string().max(255).optional(),
  on_conflict: onConflictSchema.default('fail'),
});
export type ResumableMetadata = z.infer<typeof resumableMetadataSchema>;

/** The path of one resumable upload; any id that is not the caller's answers 404, so only its size is checked here. */
export const resumableUploadParamsSchema = z.object({ id: z.string().min(1).max(128) });

/** Where a visitor sends files to a file request resumably (tus, as at RESUMABLE_UPLOADS_PATH). */
export const fileRequestUploadsPath = (token: string) => `/api/r/${token}/uploads`;

/**
 * The Upload-Metadata of a visitor's upload through a file request: the file's
 * name and, optionally, the visitor's own (as the multipart route's
 * `uploader_name` field). The request decides everything else.
 */
export const fileRequestUploadMetadataSchema = z
  .object({
    filename: resumableMetadataSchema.shape.filename,
    uploader_name: z.string().optional(),
    filetype: resumableMetadataSchema.shape.filetype,
  })
  .strict();
export type FileRequestUploadMetadata = z.infer<typeof fileRequestUploadMetadataSchema>;

/** The path of one upload through a file request. */
export const fileRequestUploadParamsSchema = z.object({ token: z.string(), id: z.string().min(1).max(128) });

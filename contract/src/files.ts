import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';
import { hasUnsafeCharacters, withoutNul } from './characters.js';
import {
  decimalSchema,
  flagQuerySchema,
  isoDate,
  limitSchema,
  optionalQuery,
  pageSchema,
  repeatedQuery,
  sentenceRefShape,
  sortOrderSchema,
} from './common.js';

/**
 * Who may read a file besides its owner, all things considered: the file
 * itself public; public through a folder above it (the nearest); shared by
 * name, on the file or a folder above it (the names for the owner only,
 * null for anyone else); or nobody.
 */
export const effectiveVisibilitySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('public') }),
  z.object({ kind: z.literal('public_folder'), folder_id: z.number().int(), folder_name: z.string() }),
  z.object({ kind: z.literal('shared'), users: z.array(z.string()).nullable() }),
  z.object({ kind: z.literal('private') }),
]);
export type EffectiveVisibility = z.infer<typeof effectiveVisibilitySchema>;

/** Anyone may read it, signed in or not: public itself or through a folder above. */
export function readableByAnyone(visibility: EffectiveVisibility): boolean {
  return visibility.kind === 'public' || visibility.kind === 'public_folder';
}

/**
 * Where a text search met a file's content: a short plain-text excerpt and the
 * ranges of it (UTF-16 offsets, as JavaScript strings count) that matched.
 * Plain text only: a client marks the ranges itself and never renders it as HTML.
 */
export const contentMatchSchema = z.object({
  text: z.string(),
  highlights: z.array(z.object({ start: z.number().int().min(0), length: z.number().int().min(1) })),
});
export type ContentMatch = z.infer<typeof contentMatchSchema>;

export const fileSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  original_name: z.string(),
  mime_type: z.string(),
  file_size: z.number().int(),
  is_public: z.boolean(),
  /** Not the first file with this content: among all files for admins, among the owner's own for the owner; always false for anyone else. */
  is_duplicate: z.boolean(),
  download_count: z.number().int(),
  /** How many files share this content: all of them (their versions too) for admins, the owner's own for the owner; always 1 for anyone else. */
  reference_count: z.number().int(),
  tags: z.array(z.string()),
  /** The folder holding the file; null at the root, and for viewers who may not read that folder. */
  folder_id: z.number().int().nullable(),
  folder_name: z.string().nullable(),
  visibility: effectiveVisibilitySchema,
  created_at: isoDate,
  updated_at: isoDate,
  /** The caller has starred it (their own mark, seen by nobody else); false for anonymous visitors. */
  starred: z.boolean(),
  /** In a list searched by text, when the file's content matched; absent otherwise. */
  match: contentMatchSchema.optional(),
});
export type FileItem = z.infer<typeof fileSchema>;

/** NFC, so that a tag typed with a combining accent is the tag filtered for with a composed one. */
export const tagSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, VALIDATION_MESSAGES.tagBlank)
  .max(LIMITS.maxTagLength, VALIDATION_MESSAGES.tagTooLong)
  .refine((t) => !hasUnsafeCharacters(t), VALIDATION_MESSAGES.tagCharacters);

/** Trimmed, non-blank, de-duplicated (case-insensitively), at most 10. */
export const tagListSchema = z
  .array(tagSchema)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => {
      const key = t.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .refine((tags) => tags.length <= LIMITS.maxTags, VALIDATION_MESSAGES.tooManyTags);

/**
 * What a file list sorts by: username is the owner's name; folder_name the
 * name of the folder holding the file, for the caller's own files (and every
 * file for admins), others' files sorting as if at the root.
 */
export const FILE_SORT_FIELDS = ['created_at', 'file_size', 'download_count', 'original_name', 'username', 'folder_name'] as const;
export const fileSortSchema = z.enum(FILE_SORT_FIELDS, {
  error: `sort_by must be one of ${FILE_SORT_FIELDS.join(', ')}`,
});
export type FileSortField = z.infer<typeof fileSortSchema>;

const sizeSchema = decimalSchema(z.number({ error: 'Sizes must be numbers of bytes' }).int('Sizes must be whole bytes').min(0, 'Sizes cannot be negative').max(Number.MAX_SAFE_INTEGER, 'Size is too large'));

/**
 * YYYY-MM-DD (a whole UTC day) or an ISO-8601 timestamp with its offset ("Z" or "+01:00"): a day
 * that exists, and never a form that Date.parse would guess at ("0", "Dec 2", a time without a zone).
 */
export const dateQuerySchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Dates must be YYYY-MM-DD or ISO-8601' });

/** GET /api/files query: paging, sorting, and the search criteria, each optional. */
export const fileSearchSchema = z.object({
  page: optionalQuery(pageSchema).transform((v) => v ?? 1),
  limit: optionalQuery(limitSchema(LIMITS.pageSize, LIMITS.maxPageSize)).transform((v) => v ?? LIMITS.pageSize),
  search: optionalQuery(z.string().trim().normalize('NFC').max(LIMITS.searchMax, 'search is too long')),
  mime_type: optionalQuery(z.string().max(100, 'mime_type is too long')),
  min_size: optionalQuery(sizeSchema),
  max_size: optionalQuery(sizeSchema),
  start_date: optionalQuery(dateQuerySchema),
  end_date: optionalQuery(dateQuerySchema),
  tags: repeatedQuery(tagSchema).refine((t) => t.length <= LIMITS.maxTags, VALIDATION_MESSAGES.tooManyTags),
  uploader: optionalQuery(z.string().trim().max(LIMITS.usernameMax, 'uploader is too long')),
  folder_id: optionalQuery(decimalSchema(z.number({ error: 'folder_id must be a number' }).int().positive('folder_id must be positive').max(Number.MAX_SAFE_INTEGER))),
  sort_by: optionalQuery(fileSortSchema).transform((v) => v ?? 'created_at'),
  sort_order: optionalQuery(sortOrderSchema).transform((v) => v ?? 'desc'),
  /** Whose files: the caller's own, or those shared with the caller by name; both when absent. */
  scope: optionalQuery(z.enum(['own', 'shared'], { error: 'scope must be own or shared' })),
  /**
   * Only the files the caller starred and may read (own, shared by name or through a folder, public);
   * with it, scope=shared means starred files of other users.
   */
  starred: optionalQuery(flagQuerySchema('starred')),
});
export type FileSearch = z.output<typeof fileSearchSchema>;
/**
 * What the client fills in: any subset of the parsed criteria, typed (the
 * schema's input type is `unknown` throughout because query values are coerced).
 * The server applies the defaults.
 */
export type FileSearchCriteria = Partial<FileSearch>;

export const fileListResponseSchema = z.object({
  files: z.array(fileSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type FileListResponse = z.infer<typeof fileListResponseSchema>;

/** GET /api/files/public query. */
export const publicFileSearchSchema = fileSearchSchema.omit({ folder_id: true, scope: true, starred: true });
export type PublicFileSearchCriteria = Omit<FileSearchCriteria, 'folder_id' | 'scope' | 'starred'>;

/**
 * One entry per uploaded part, in request order. The status is 201 when every
 * file was stored, the shared error status when none was, 207 otherwise.
 */
export const uploadResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), name: z.string(), file: fileSchema }),
  z.object({ ok: z.literal(false), name: z.string(), error: z.string(), ...sentenceRefShape, status: z.number().int() }),
]);
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const uploadResponseSchema = z.object({
  results: z.array(uploadResultSchema),
  files: z.array(fileSchema),
  /** Present when nothing was stored: the first reason. */
  error: z.string().optional(),
  ...sentenceRefShape,
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

export const fileResponseSchema = z.object({ file: fileSchema });
export type FileResponse = z.infer<typeof fileResponseSchema>;

/** PUT /api/files/{id}: rename, move, retag (owner only). */
export const fileUpdateSchema = z
  .object({
    original_name: z
      .string()
      .transform(withoutNul)
      .pipe(z.string().trim().min(1, VALIDATION_MESSAGES.fileNameBlank).max(LIMITS.fileNameMax, VALIDATION_MESSAGES.fileNameTooLong))
      .optional(),
    folder_id: z.number().int().positive().nullable().optional(),
    tags: tagListSchema.optional(),
  })
  .strict();
export type FileUpdate = z.infer<typeof fileUpdateSchema>;

export const usernameListSchema = z
  .array(z.string().trim().min(1, VALIDATION_MESSAGES.shareUsernameBlank).max(LIMITS.usernameMax, VALIDATION_MESSAGES.shareUnknownUser))
  .max(LIMITS.maxSharedUsers, VALIDATION_MESSAGES.shareTooManyUsers)
  .transform((names) => [...new Map(names.map((n) => [n.toLowerCase(), n])).values()]);

/** GET /api/share-recipients/{username}: a name the share dialog checks as it is added. */
export const recipientParamsSchema = z.object({
  username: z.string().trim().min(1, VALIDATION_MESSAGES.shareUsernameBlank).max(LIMITS.usernameMax, VALIDATION_MESSAGES.shareUnknownUser),
});
/** The user that name belongs to, spelt as they registered it. */
export const recipientSchema = z.object({ username: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

/**
 * A share: visibility and the named users, who may be named only while the
 * item is private. Strict: a misspelt key would otherwise leave shared_users
 * at its default, and unshare everyone.
 */
function shareRequestSchemaOf(noun: 'Files' | 'Folders') {
  return z
    .object({
      is_public: z.boolean({ error: 'is_public must be true or false' }),
      shared_users: usernameListSchema.default([]),
    })
    .strict()
    .refine((v) => !v.is_public || v.shared_users.length === 0, {
      message: `${noun} can be shared with named users only while private`,
      path: ['shared_users'],
    });
}

/** PUT /api/files/{id}/share. */
export const shareRequestSchema = shareRequestSchemaOf('Files');
/** PUT /api/folders/{id}/share: the same payload. */
export const folderShareRequestSchema = shareRequestSchemaOf('Folders');
export type ShareRequest = z.input<typeof shareRequestSchema>;

export const shareStateSchema = z.object({ is_public: z.boolean(), shared_users: z.array(z.string()) });
export type ShareState = z.infer<typeof shareStateSchema>;

/** A download's query: `inline=1` for a preview shown in place; `dl`, a download token from download-link, for plain links. */
export const downloadQuerySchema = z.object({
  inline: z.string().max(10).optional(),
  dl: z.string().max(4096).optional(),
});

/** POST /api/files/{id}/download-link: `inline=1` for a preview's link, which serves the file in place only and lives an hour. */
export const downloadLinkQuerySchema = downloadQuerySchema.pick({ inline: true });

export const downloadLinkResponseSchema = z.object({ url: z.string(), expires_at: isoDate });
export type DownloadLinkResponse = z.infer<typeof downloadLinkResponseSchema>;

export const storageStatsSchema = z.object({
  total_storage_bytes: z.number().int(),
  original_storage_bytes: z.number().int(),
  savings_bytes: z.number().int(),
  savings_percentage: z.number(),
  /** A fraction in [0, 1]: share of files whose content was already stored. */
  deduplication_ratio: z.number(),
  file_count: z.number().int(),
  unique_file_count: z.number().int(),
  /** Bytes of the caller's files in Trash (each file as uploaded); they count against the quota until purged. */
  trash_bytes: z.number().int().default(0),
  /** Files in the caller's Trash, including those inside trashed folders. */
  trash_file_count: z.number().int().default(0),
});
export type StorageStats = z.infer<typeof storageStatsSchema>;

export const dedupGroupSchema = z.object({
  mime_type: z.string(),
  file_size: z.number().int(),
  copies: z.number().int(),
  saved_bytes: z.number().int(),
  files: z.array(z.object({ id: z.number().int(), original_name: z.string(), created_at: isoDate })),
});
export const dedupStatsSchema = z.object({
  groups: z.array(dedupGroupSchema),
  duplicate_files: z.number().int(),
  saved_bytes: z.number().int(),
});
export type DedupStats = z.infer<typeof dedupStatsSchema>;

import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { LIMITS } from './limits.js';
import { hasUnsafeCharacters } from './characters.js';
import { decimalSchema, flagQuerySchema, isoDate, optionalQuery, sortOrderSchema } from './common.js';
import { effectiveVisibilitySchema, fileSchema, usernameListSchema } from './files.js';

export const folderCrumbSchema = z.object({ id: z.number().int(), name: z.string() });

export const folderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  name: z.string(),
  /** Null at the top level, and for viewers who may not read the parent. */
  parent_id: z.number().int().nullable(),
  /** The folder's own setting (what the share and edit forms change). */
  is_public: z.boolean(),
  /** Who besides the owner may read it, folders above it included, as for files. */
  visibility: effectiveVisibilitySchema,
  created_at: isoDate,
  updated_at: isoDate,
  /** Files directly in this folder (its page lists them). */
  file_count: z.number().int(),
  /** Folders directly in this folder. */
  subfolder_count: z.number().int(),
  /** Sum of the sizes of the files in it and in its subfolders. */
  folder_size: z.number().int(),
  /** Ancestors the caller may read, root first, ending with this folder. */
  path: z.array(folderCrumbSchema),
  /** The caller has starred it (their own mark, seen by nobody else); false for anonymous visitors. */
  starred: z.boolean(),
});
export type Folder = z.infer<typeof folderSchema>;

/** NFC, as file names are: "Café" typed as "e" and an accent is the same name, and clashes as one. */
export const folderNameSchema = z
  .string({ error: VALIDATION_MESSAGES.folderNameRequired })
  .trim()
  .normalize('NFC')
  .min(1, VALIDATION_MESSAGES.folderNameRequired)
  .max(LIMITS.folderNameMax, VALIDATION_MESSAGES.folderNameTooLong)
  .refine((n) => !/[/\\]/.test(n) && !hasUnsafeCharacters(n), VALIDATION_MESSAGES.folderNameCharacters);

export const FOLDER_SORT_FIELDS = ['name', 'created_at', 'file_count'] as const;

export const folderSearchSchema = z.object({
  search: optionalQuery(z.string().trim().normalize('NFC').max(LIMITS.searchMax, 'search is too long')),
  sort_by: optionalQuery(z.enum(FOLDER_SORT_FIELDS, { error: 'sort_by must be name, created_at or file_count' })).transform((v) => v ?? 'created_at'),
  sort_order: optionalQuery(sortOrderSchema).transform((v) => v ?? 'desc'),
  /** Public ones (themselves or through a folder above, as `visibility` says), or the others. */
  is_public: optionalQuery(z.enum(['true', 'false'], { error: 'is_public must be true or false' })).transform((v) => (v === undefined ? undefined : v === 'true')),
  /** A folder id for its children; "root" for top-level folders; absent for all of the caller's folders. */
  parent_id: optionalQuery(z.union([z.literal('root'), decimalSchema(z.number().int().positive())], { error: 'parent_id must be a folder id or root' })),
  /** Only the folders the caller starred and may read, anybody's (parent_id and the filters still apply). */
  starred: optionalQuery(flagQuerySchema('starred')),
});
export type FolderSearch = z.output<typeof folderSearchSchema>;
/** What the client fills in, typed (the schema's input is `unknown` because query values are coerced). */
export type FolderSearchCriteria = Partial<FolderSearch>;

export const folderListResponseSchema = z.object({ folders: z.array(folderSchema), total: z.number().int() });
export type FolderListResponse = z.infer<typeof folderListResponseSchema>;

export const folderResponseSchema = z.object({ folder: folderSchema });
export type FolderResponse = z.infer<typeof folderResponseSchema>;

/** Strict: a misspelt parent_id would otherwise make the folder at the top level. */
export const folderCreateSchema = z
  .object({
    name: folderNameSchema,
    parent_id: z.number().int().positive().nullable().optional(),
    is_public: z.boolean().optional(),
  })
  .strict();
export type FolderCreate = z.input<typeof folderCreateSchema>;

export const folderUpdateSchema = z
  .object({
    name: folderNameSchema.optional(),
    parent_id: z.number().int().positive().nullable().optional(),
    is_public: z.boolean().optional(),
    shared_users: usernameListSchema.optional(),
  })
  .strict();
export type FolderUpdate = z.input<typeof folderUpdateSchema>;

/** GET /api/folders/public/{id}: a public folder, read-only, for anyone. */
export const publicFolderResponseSchema = z.object({
  folder: folderSchema,
  folders: z.array(folderSchema),
  files: z.array(fileSchema),
});
export type PublicFolderResponse = z.infer<typeof publicFolderResponseSchema>;

/** GET /api/shared-with-me: what other users shared with the caller by name. */
export const sharedWithMeResponseSchema = z.object({
  files: z.array(fileSchema),
  folders: z.array(folderSchema),
});
export type SharedWithMeResponse = z.infer<typeof sharedWithMeResponseSchema>;

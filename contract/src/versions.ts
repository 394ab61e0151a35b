import { z } from 'zod';
import { idParamSchema, isoDate, optionalQuery } from './common.js';
import { LIMITS } from './limits.js';
import { withoutNul } from './characters.js';

/**
 * What an upload does when its folder already holds a file of its name
 * (ignoring case): refuse it (409), keep both (the new one renamed
 * "name (2).ext"), or make it the existing file's new content, the old
 * content kept as a version.
 */
export const ON_CONFLICT = ['fail', 'rename', 'version'] as const;
export const onConflictSchema = z.enum(ON_CONFLICT, { error: 'on_conflict must be fail, rename or version' });
export type OnConflict = z.infer<typeof onConflictSchema>;

/** POST /api/files/upload query: on_conflict may come here or as a form field, not both. */
export const uploadQuerySchema = z.object({ on_conflict: optionalQuery(onConflictSchema) });

/** POST /api/files/clashes: which of these names are taken in the folder (null: the root), before uploading. */
export const clashCheckSchema = z
  .object({
    folder_id: z.number({ error: 'folder_id must be a folder id' }).int().positive().nullable(),
    names: z
      .array(z.string().min(1, 'Names cannot be empty').max(1024, 'File name is too long').transform(withoutNul))
      .min(1, 'names must list at least one name')
      .max(LIMITS.maxClashNames, `At most ${LIMITS.maxClashNames} names at a time`),
  })
  .strict();
export type ClashCheck = z.infer<typeof clashCheckSchema>;

/** One name that is taken: as asked, and the file that holds it. */
export const clashSchema = z.object({ name: z.string(), file_id: z.number().int(), original_name: z.string() });
export type Clash = z.infer<typeof clashSchema>;
export const clashListSchema = z.object({ clashes: z.array(clashSchema) });
export type ClashList = z.infer<typeof clashListSchema>;

/** One content of a file: the current one, or an earlier version. */
export const fileContentInfoSchema = z.object({
  size: z.number().int(),
  mime_type: z.string(),
  /** Who uploaded it; null once that account is gone. */
  uploaded_by: z.string().nullable(),
  uploaded_at: isoDate,
});
export type FileContentInfo = z.infer<typeof fileContentInfoSchema>;

export const fileVersionSchema = fileContentInfoSchema.extend({ id: z.number().int() });
export type FileVersion = z.infer<typeof fileVersionSchema>;

/** GET /api/files/{id}/versions: the current content, then the versions, newest first. */
export const fileVersionsResponseSchema = z.object({
  current: fileContentInfoSchema,
  versions: z.array(fileVersionSchema),
  /** At most this many versions are kept (VERSIONS_KEEP); the oldest goes first. */
  keep: z.number().int(),
});
export type FileVersionsResponse = z.infer<typeof fileVersionsResponseSchema>;

/** One version of a file in a path. */
export const fileVersionParamsSchema = idParamSchema.extend({ version_id: idParamSchema.shape.id });

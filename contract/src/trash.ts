import { z } from 'zod';
import { isoDate } from './common.js';
import { bulkResultSchema, MANAGE_LIMITS } from './manage.js';

/**
 * Deleting a file or folder moves it to its owner's Trash (unless TRASH_DAYS
 * is 0). A trashed folder takes everything inside it along; Trash lists only
 * what was deleted itself, and restoring a folder restores what went with it.
 */
export const TRASH_ITEM_KINDS = ['file', 'folder'] as const;
export type TrashItemKind = (typeof TRASH_ITEM_KINDS)[number];

export const trashItemSchema = z.object({
  kind: z.enum(TRASH_ITEM_KINDS),
  id: z.number().int(),
  name: z.string(),
  /** Where it was: the folder's id, null for the top level. */
  original_folder_id: z.number().int().nullable(),
  /** That folder's path as it reads now ("Projects / 2026"); null when it is the top level or no longer exists, so Restore puts the item at the top level. */
  original_path: z.string().nullable(),
  trashed_at: isoDate,
  /** When the maintenance pass deletes it for good. */
  purge_at: isoDate,
  /** A file's size, or the bytes of every file inside a folder. */
  size: z.number().int(),
  /** A file's type; null for a folder. */
  mime_type: z.string().nullable(),
  /** For a folder: the files and subfolders that went to Trash with it. */
  file_count: z.number().int(),
  folder_count: z.number().int(),
});
export type TrashItem = z.infer<typeof trashItemSchema>;

/** GET /api/trash: the caller's trashed items, most recently deleted first. */
export const trashListSchema = z.object({
  items: z.array(trashItemSchema),
  /** Bytes of every trashed file, as uploaded. */
  total_bytes: z.number().int(),
  /** TRASH_DAYS. */
  days: z.number().int(),
});
export type TrashList = z.infer<typeof trashListSchema>;

const trashIds = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MANAGE_LIMITS.bulkMax, `Select at most ${MANAGE_LIMITS.bulkMax} items`)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/trash/restore and POST /api/trash/delete: which trashed items. */
export const trashSelectionSchema = z
  .object({ file_ids: trashIds.default([]), folder_ids: trashIds.default([]) })
  .strict()
  .refine((r) => r.file_ids.length + r.folder_ids.length > 0, 'Select at least one file or folder')
  .refine((r) => r.file_ids.length + r.folder_ids.length <= MANAGE_LIMITS.bulkMax, `Select at most ${MANAGE_LIMITS.bulkMax} items`);
export type TrashSelection = z.input<typeof trashSelectionSchema>;

/** One item's outcome; a restored item says where it went and under which name (renamed on a clash). */
export const trashResultSchema = bulkResultSchema.extend({
  name: z.string().optional(),
  folder_id: z.number().int().nullable().optional(),
});
export type TrashResult = z.infer<typeof trashResultSchema>;
export const trashResultsSchema = z.object({ results: z.array(trashResultSchema) });
export type TrashResults = z.infer<typeof trashResultsSchema>;

/** DELETE /api/trash (Empty trash): what was deleted for good. */
export const trashEmptiedSchema = z.object({ files: z.number().int(), folders: z.number().int(), bytes: z.number().int() });
export type TrashEmptied = z.infer<typeof trashEmptiedSchema>;

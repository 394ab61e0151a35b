import { z } from 'zod';
import { tagListSchema } from './files.js';
import { sentenceRefShape } from './common.js';

/** Managing many items at once. */
export const MANAGE_LIMITS = {
  /** Files and folders one bulk request may name together: one transaction stays short. */
  bulkMax: 500,
  /** Files and folders one copy may make, counting everything inside the folders it copies (each is written in its transaction). */
  copyMax: 1000,
} as const;

export const BULK_ACTIONS = ['move', 'copy', 'delete', 'tag'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** An id named twice is one item with one result. */
const idList = z
  .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
  .max(MANAGE_LIMITS.bulkMax, `Select at most ${MANAGE_LIMITS.bulkMax} items`)
  .transform((ids) => [...new Set(ids)]);

/** The actions that take the items somewhere: `folder_id` names where. */
const placesItems = (action: BulkAction) => action === 'move' || action === 'copy';

/**
 * POST /api/files/bulk: one action over chosen files (and folders, for move
 * and delete), in one transaction. `folder_id` is where a move or a copy goes
 * (null: the top level); `tags` what a tag action adds and removes (ignoring case).
 */
export const bulkRequestSchema = z
  .object({
    action: z.enum(BULK_ACTIONS, { error: `action must be one of ${BULK_ACTIONS.join(', ')}` }),
    file_ids: idList.default([]),
    folder_ids: idList.default([]),
    folder_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable().optional(),
    tags: z.object({ add: tagListSchema.default([]), remove: tagListSchema.default([]) }).strict().optional(),
  })
  .strict()
  .refine((r) => r.file_ids.length + r.folder_ids.length > 0, 'Select at least one file or folder')
  .refine((r) => r.file_ids.length + r.folder_ids.length <= MANAGE_LIMITS.bulkMax, `Select at most ${MANAGE_LIMITS.bulkMax} items`)
  .refine((r) => r.action !== 'move' || r.folder_id !== undefined, { message: 'Choose where to move the items (folder_id, null for the top level)', path: ['folder_id'] })
  .refine((r) => r.action !== 'copy' || r.folder_id !== undefined, { message: 'Choose where to copy the items (folder_id, null for the top level)', path: ['folder_id'] })
  .refine((r) => placesItems(r.action) || r.folder_id === undefined, { message: 'folder_id is only for moves and copies', path: ['folder_id'] })
  .refine((r) => r.action !== 'tag' || r.folder_ids.length === 0, { message: 'Only files have tags', path: ['folder_ids'] })
  .refine((r) => r.action !== 'tag' || (r.tags !== undefined && r.tags.add.length + r.tags.remove.length > 0), { message: 'Name tags to add or remove', path: ['tags'] })
  .refine((r) => r.action === 'tag' || r.tags === undefined, { message: 'tags are only for the tag action', path: ['tags'] });
export type BulkRequest = z.input<typeof bulkRequestSchema>;
export type BulkInput = z.output<typeof bulkRequestSchema>;

/** One named item's outcome: each is applied whole or not at all. */
export const bulkResultSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['file', 'folder']),
  ok: z.boolean(),
  /** Why this item was left as it was; absent when ok. */
  error: z.string().optional(),
  ...sentenceRefShape,
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** Files first, then folders, each in the order the request named them. */
export const bulkResponseSchema = z.object({ results: z.array(bulkResultSchema) });
export type BulkResponse = z.infer<typeof bulkResponseSchema>;

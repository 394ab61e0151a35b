import { z } from 'zod';
import { VALIDATION_MESSAGES } from './messages.js';
import { decimalSchema, isoDate, limitSchema, optionalQuery, pageSchema, repeatedQuery, sortOrderSchema } from './common.js';
import { LIMITS } from './limits.js';
import { fileSchema, fileSortSchema } from './files.js';
import { emailSchema, usernameSchema } from './auth.js';

export const systemStatsSchema = z.object({
  /** Every stored file, those in Trash included (they are still stored). */
  total_files: z.number().int(),
  /** Of those, the files in Trash: the All Files list shows the others. */
  trash_files: z.number().int(),
  total_users: z.number().int(),
  /** Physical bytes after deduplication. */
  total_storage_bytes: z.number().int(),
  /** Bytes as uploaded, before deduplication. */
  logical_storage_bytes: z.number().int(),
  savings_bytes: z.number().int(),
  savings_percentage: z.number(),
  total_downloads: z.number().int(),
  public_files: z.number().int(),
});
export type SystemStats = z.infer<typeof systemStatsSchema>;

export const dailyActivitySchema = z.object({ date: z.string(), uploads: z.number().int(), downloads: z.number().int() });

export const adminStatsResponseSchema = z.object({
  stats: systemStatsSchema,
  /** The last 30 days, oldest first, one entry per UTC day. */
  timeline: z.array(dailyActivitySchema),
});
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;

export const adminFileSearchSchema = z.object({
  page: optionalQuery(pageSchema).transform((v) => v ?? 1),
  limit: optionalQuery(limitSchema(LIMITS.adminFilesPageSize, LIMITS.maxPageSize)).transform((v) => v ?? LIMITS.adminFilesPageSize),
  search: optionalQuery(z.string().trim().normalize('NFC').max(LIMITS.searchMax, 'search is too long')),
  sort_by: optionalQuery(fileSortSchema).transform((v) => v ?? 'created_at'),
  sort_order: optionalQuery(sortOrderSchema).transform((v) => v ?? 'desc'),
});
export type AdminFileSearchCriteria = z.input<typeof adminFileSearchSchema>;
export type AdminFileSearch = z.output<typeof adminFileSearchSchema>;

export const adminFilesResponseSchema = z.object({ files: z.array(fileSchema), total: z.number().int() });
export type AdminFilesResponse = z.infer<typeof adminFilesResponseSchema>;

export const topFileSchema = z.object({
  id: z.number().int(),
  original_name: z.string(),
  username: z.string(),
  download_count: z.number().int(),
  file_size: z.number().int(),
});
export const topFilesResponseSchema = z.object({ files: z.array(topFileSchema) });
export type TopFile = z.infer<typeof topFileSchema>;

export const topFilesQuerySchema = z.object({
  limit: optionalQuery(limitSchema(LIMITS.topFilesLimit, 100)).transform((v) => v ?? LIMITS.topFilesLimit),
});

export const adminUserRowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  file_count: z.number().int(),
  used_storage_bytes: z.number().int(),
  total_downloads: z.number().int(),
  created_at: isoDate,
  storage_quota_mb: z.number(),
  is_admin: z.boolean(),
  /** A disabled user cannot sign in, and their public files answer as if gone. */
  disabled: z.boolean(),
  two_factor_enabled: z.boolean(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserRowSchema) });

/** Whether an account is an administrator, as an admin sets it. */
const isAdminSchema = z.boolean({ error: 'is_admin must be true or false' }).optional();

export const adminUserUpdateSchema = z
  .object({
    storage_quota_mb: z.number({ error: VALIDATION_MESSAGES.quotaNotNumber }).int(VALIDATION_MESSAGES.quotaNotWhole).min(LIMITS.quotaMinMb, VALIDATION_MESSAGES.quotaTooSmall).max(LIMITS.quotaMaxMb, VALIDATION_MESSAGES.quotaTooLarge).optional(),
    is_admin: isAdminSchema,
  })
  .strict();
export type AdminUserUpdate = z.infer<typeof adminUserUpdateSchema>;
export const adminUserResponseSchema = z.object({ user: adminUserRowSchema });

/** POST /api/admin/users: an account made by an admin, who passes on its temporary password. */
export const adminUserCreateSchema = z
  .object({
    username: usernameSchema,
    email: emailSchema,
    is_admin: isAdminSchema,
  })
  .strict();
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;
/** The new account and its temporary password, shown this once: it must be changed at the first sign-in. */
export const adminUserCreatedSchema = z.object({ user: adminUserRowSchema, temporary_password: z.string() });
export type AdminUserCreated = z.infer<typeof adminUserCreatedSchema>;

export const ACTIVITY_TYPES = [
  'upload',
  'download',
  'delete',
  'admin_delete',
  'share',
  'login',
  'login_failed',
  /** An admin changed a user's quota or admin flag. */
  'user_update',
  'email_changed',
  'password_changed',
  /** A user ended their own sessions (detail: how many). */
  'sessions_ended',
  'two_factor_enabled',
  'two_factor_disabled',
  'recovery_codes_regenerated',
  'recovery_code_used',
  /** Admin actions on a user; detail names the user. */
  'user_created',
  'user_disabled',
  'user_enabled',
  'password_reset',
  'two_factor_reset',
  'user_deleted',
] as const;
export const activityTypeSchema = z.enum(ACTIVITY_TYPES);
export type ActivityType = z.infer<typeof activityTypeSchema>;

/**
 * How a transfer without an account came: a download through a share link,
 * or a visitor's upload through a file request (whose row's user is the
 * request's owner). Null for anything a user did themselves.
 */
export const activityViaSchema = z.object({
  kind: z.enum(['share_link', 'file_request']),
  link_id: z.number().int(),
  /** The link's label when the transfer happened; null when it had none. */
  label: z.string().nullable(),
  /** The name a file request's visitor gave; null when they gave none (and for share links). */
  visitor: z.string().nullable(),
});
export type ActivityVia = z.infer<typeof activityViaSchema>;

export const activityRowSchema = z.object({
  id: z.number().int(),
  type: activityTypeSchema,
  file_name: z.string().nullable(),
  file_id: z.number().int().nullable(),
  username: z.string().nullable(),
  date: isoDate,
  /** Extra context in English, e.g. the owner of an admin-deleted file or the name tried at a failed login. */
  detail: z.string().nullable(),
  /**
   * The same context by its id in ACTIVITY_DETAILS and the values it fills in (sizes in bytes, times in
   * ISO), for a client to say it in another language; null for entries without a detail and for those
   * written before the ids (their `detail` is all there is). A string rather than the ids: a client that
   * does not know a newer id shows `detail`.
   */
  detail_code: z.string().nullable(),
  detail_params: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  via: activityViaSchema.nullable(),
});
export type ActivityRow = z.infer<typeof activityRowSchema>;

export const activityQuerySchema = z.object({
  limit: optionalQuery(limitSchema(LIMITS.activityLimit, 200)).transform((v) => v ?? LIMITS.activityLimit),
  /** An activity id: rows older than it (paging back in time). */
  before: optionalQuery(decimalSchema(z.number({ error: 'before must be an activity id' }).int().positive())),
  /** Only these kinds of event (repeat the key for several); every kind when absent. */
  type: repeatedQuery(activityTypeSchema),
});
export type ActivityQuery = z.input<typeof activityQuerySchema>;
export const activityResponseSchema = z.object({ activity: z.array(activityRowSchema) });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

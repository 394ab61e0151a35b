import { z } from 'zod';
import { VALIDATION_MESSAGES, type ErrorMessageId } from './messages.js';
import { decimalSchema, idParamSchema, isoDate, sentenceRefShape, type LinkRefusal } from './common.js';
import { LIMITS, LINK_LIMITS } from './limits.js';
import { hasUnsafeCharacters } from './characters.js';

/** The lifecycle of a link, computed on read. */
export const LINK_STATES = ['active', 'expired', 'exhausted', 'revoked'] as const;
export const linkStateSchema = z.enum(LINK_STATES);
export type LinkState = z.infer<typeof linkStateSchema>;


/** What a link's visitor is told for each refusal, by its ERROR_MESSAGES id. */
export const LINK_REFUSAL_MESSAGE = {
  not_found: 'linkDoesNotExist',
  expired: 'linkExpired',
  exhausted: 'linkExhausted',
  revoked: 'linkRevokedByOwner',
  password_required: 'linkPasswordRequired',
  wrong_password: 'linkWrongPassword',
} as const satisfies Record<LinkRefusal, ErrorMessageId>;

/** The link token in a path: base64url only, so nothing else reaches a query; the server answers others as unknown links. */
export const linkTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'This link does not exist.'),
});

/**
 * A link's path as the router takes it: any token, so that a malformed one is
 * answered as an unknown link (404), never as a bad request.
 */
export const linkPathSchema = z.object({ token: z.string() });
/** One file of a link's item: the link's path and the file's id. */
export const linkFilePathSchema = linkPathSchema.extend(idParamSchema.shape);
/** A grant from unlocking travels as ?grant= on plain links (downloads, previews); ?inline=1 asks for a preview. */
export const linkGrantQuerySchema = z.object({ grant: z.string().max(4096).optional() });
export const linkDownloadQuerySchema = linkGrantQuerySchema.extend({ inline: z.string().max(10).optional() });
/** GET /api/r/{token}: ?again=1 when the page asks again while open (a re-check is not another visit). */
export const fileRequestViewQuerySchema = linkGrantQuerySchema.extend({ again: z.enum(['1'], { error: 'again must be 1' }).optional() });

const futureDate = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), 'expires_at must be an ISO-8601 date')
  .refine((v) => Date.parse(v) > Date.now(), 'expires_at must be in the future');

const linkPasswordSchema = z
  .string()
  .min(1, VALIDATION_MESSAGES.linkPasswordEmpty)
  .max(LIMITS.passwordMax, VALIDATION_MESSAGES.linkPasswordTooLong);

const labelSchema = z
  .string()
  .trim()
  .max(LINK_LIMITS.labelMax, VALIDATION_MESSAGES.linkLabelTooLong)
  .refine((l) => !hasUnsafeCharacters(l), VALIDATION_MESSAGES.linkLabelCharacters);

export const linkItemSchema = z.object({
  type: z.enum(['file', 'folder'], { error: 'item.type must be file or folder' }),
  id: z.number({ error: 'item.id must be a number' }).int().positive().max(Number.MAX_SAFE_INTEGER),
});
export type LinkItemRef = z.infer<typeof linkItemSchema>;

const maxDownloadsSchema = z
  .number({ error: 'max_downloads must be a number' })
  .int('max_downloads must be a whole number')
  .min(1, 'max_downloads must be at least 1')
  .max(LINK_LIMITS.maxDownloadsMax, 'max_downloads is too large');

/** POST /api/links. */
export const linkCreateSchema = z
  .object({
    item: linkItemSchema,
    expires_at: futureDate.nullable().optional(),
    password: linkPasswordSchema.nullable().optional(),
    max_downloads: maxDownloadsSchema.nullable().optional(),
    allow_preview: z.boolean({ error: 'allow_preview must be true or false' }).default(true),
    label: labelSchema.nullable().optional(),
  })
  .strict();
export type LinkCreate = z.input<typeof linkCreateSchema>;

/** PATCH /api/links/{id}: null clears a setting; any change ends the link's grants. */
export const linkUpdateSchema = z
  .object({
    expires_at: futureDate.nullable().optional(),
    password: linkPasswordSchema.nullable().optional(),
    max_downloads: maxDownloadsSchema.nullable().optional(),
    allow_preview: z.boolean({ error: 'allow_preview must be true or false' }).optional(),
    label: labelSchema.nullable().optional(),
  })
  .strict();
export type LinkUpdate = z.input<typeof linkUpdateSchema>;

/** The owner's view of a share link. */
export const shareLinkSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** Path of the landing page; the client prefixes its origin. */
  path: z.string(),
  item: z.object({ type: z.enum(['file', 'folder']), id: z.number().int(), name: z.string() }),
  label: z.string().nullable(),
  state: linkStateSchema,
  has_password: z.boolean(),
  expires_at: isoDate.nullable(),
  max_downloads: z.number().int().nullable(),
  allow_preview: z.boolean(),
  views: z.number().int(),
  downloads: z.number().int(),
  last_used_at: isoDate.nullable(),
  created_at: isoDate,
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

/** GET /api/links: the caller's links, all or those of one item. */
export const linkListQuerySchema = z.object({
  type: z.enum(['file', 'folder']).optional(),
  id: decimalSchema(z.number({ error: 'Invalid id' }).int().positive().max(Number.MAX_SAFE_INTEGER)).optional(),
});
export const linkListResponseSchema = z.object({ links: z.array(shareLinkSchema) });
export type LinkListResponse = z.infer<typeof linkListResponseSchema>;
export const linkResponseSchema = z.object({ link: shareLinkSchema });
/** DELETE /api/links/ended and /api/requests/ended: how many ended links or requests left the caller's list. */
export const endedLinksRemovedSchema = z.object({ removed: z.number().int() });
export type EndedLinksRemoved = z.infer<typeof endedLinksRemovedSchema>;

/** POST /api/s/{token}/unlock and /api/r/{token}/unlock. */
export const linkUnlockSchema = z.object({ password: z.string().max(LIMITS.passwordMax, 'Wrong password.') }).strict();
export const linkGrantSchema = z.object({ grant: z.string(), expires_at: isoDate });
export type LinkGrant = z.infer<typeof linkGrantSchema>;

/** A file as a link's visitor sees it: nothing about its owner's other content. */
export const linkFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  /** The folder holding it, within the link's tree; null for the link's own file and the root folder's files. */
  folder_id: z.number().int().nullable(),
});
export type LinkFile = z.infer<typeof linkFileSchema>;

export const linkFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** null for the link's own folder. */
  parent_id: z.number().int().nullable(),
});
export type LinkFolder = z.infer<typeof linkFolderSchema>;

/** GET /api/s/{token}: what the landing page shows. */
export const linkViewSchema = z.object({
  owner: z.string(),
  label: z.string().nullable(),
  allow_preview: z.boolean(),
  expires_at: isoDate.nullable(),
  downloads_left: z.number().int().nullable(),
  item: z.discriminatedUnion('type', [
    z.object({ type: z.literal('file'), file: linkFileSchema }),
    z.object({
      type: z.literal('folder'),
      folder: linkFolderSchema,
      folders: z.array(linkFolderSchema),
      files: z.array(linkFileSchema),
      size: z.number().int(),
      /** More entries than LINK_LIMITS.treeMax: the lists stop there. */
      truncated: z.boolean(),
    }),
  ]),
});
export type LinkView = z.infer<typeof linkViewSchema>;

const maxFilesSchema = z
  .number({ error: 'max_files must be a number' })
  .int('max_files must be a whole number')
  .min(1, 'max_files must be at least 1')
  .max(LINK_LIMITS.maxFilesMax, 'max_files is too large');
const maxBytesSchema = z
  .number({ error: 'max_bytes must be a number' })
  .int('max_bytes must be whole bytes')
  .min(1, 'max_bytes must be at least 1 byte')
  .max(Number.MAX_SAFE_INTEGER, 'max_bytes is too large');
/** Shown to visitors as written, lines and all (the form's field is a textarea): line feeds are its only control characters. */
const messageSchema = z
  .string()
  .trim()
  .max(LINK_LIMITS.messageMax, VALIDATION_MESSAGES.requestMessageTooLong)
  .refine((m) => !hasUnsafeCharacters(m, '\n'), VALIDATION_MESSAGES.requestMessageCharacters);

/** POST /api/requests: an upload-only link into one of the caller's folders. */
export const fileRequestCreateSchema = z
  .object({
    folder_id: z.number({ error: 'folder_id must be a folder id' }).int().positive().max(Number.MAX_SAFE_INTEGER),
    expires_at: futureDate.nullable().optional(),
    password: linkPasswordSchema.nullable().optional(),
    max_files: maxFilesSchema.nullable().optional(),
    max_bytes: maxBytesSchema.nullable().optional(),
    message: messageSchema.nullable().optional(),
    label: labelSchema.nullable().optional(),
  })
  .strict();
export type FileRequestCreate = z.input<typeof fileRequestCreateSchema>;

/** PATCH /api/requests/{id}. */
export const fileRequestUpdateSchema = fileRequestCreateSchema.omit({ folder_id: true }).partial();
export type FileRequestUpdate = z.input<typeof fileRequestUpdateSchema>;

export const fileRequestSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  path: z.string(),
  folder: z.object({ id: z.number().int(), name: z.string() }),
  /**
   * Who besides the owner can open the files that arrive, through the folder
   * or one above it, the broadest first: 'public' anyone, 'link' holders of an
   * open share link, 'users' the users it is shared with; null the owner alone.
   */
  folder_reach: z.enum(['public', 'link', 'users']).nullable(),
  label: z.string().nullable(),
  message: z.string().nullable(),
  /** 'exhausted': max_files or max_bytes reached; 'revoked': closed by the owner. */
  state: linkStateSchema,
  has_password: z.boolean(),
  expires_at: isoDate.nullable(),
  max_files: z.number().int().nullable(),
  max_bytes: z.number().int().nullable(),
  files_received: z.number().int(),
  bytes_received: z.number().int(),
  last_used_at: isoDate.nullable(),
  created_at: isoDate,
});
export type FileRequest = z.infer<typeof fileRequestSchema>;
export const fileRequestListResponseSchema = z.object({ requests: z.array(fileRequestSchema) });
export const fileRequestResponseSchema = z.object({ request: fileRequestSchema });

/** GET /api/r/{token}: what the visitor of a file request sees; never the folder or its contents. */
export const fileRequestViewSchema = z.object({
  owner: z.string(),
  message: z.string().nullable(),
  expires_at: isoDate.nullable(),
  files_left: z.number().int().nullable(),
  bytes_left: z.number().int().nullable(),
});
export type FileRequestView = z.infer<typeof fileRequestViewSchema>;

/** POST /api/r/{token}/upload: one entry per part, in order; only names and sizes travel back. */
export const fileRequestUploadResultSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), name: z.string(), size: z.number().int() }),
  z.object({ ok: z.literal(false), name: z.string(), error: z.string(), ...sentenceRefShape, status: z.number().int() }),
]);
export const fileRequestUploadResponseSchema = z.object({
  results: z.array(fileRequestUploadResultSchema),
  error: z.string().optional(),
  ...sentenceRefShape,
});
export type FileRequestUploadResponse = z.infer<typeof fileRequestUploadResponseSchema>;

/** POST /api/downloads: a zip of files and folders the caller may read. */
export const zipSelectionSchema = z
  .object({
    file_ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(LINK_LIMITS.selectionMax).default([]),
    folder_ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(LINK_LIMITS.selectionMax).default([]),
  })
  .strict()
  .refine((s) => s.file_ids.length + s.folder_ids.length > 0, 'Select at least one file or folder')
  .refine((s) => s.file_ids.length + s.folder_ids.length <= LINK_LIMITS.selectionMax, `Select at most ${LINK_LIMITS.selectionMax} items`);
export type ZipSelection = z.input<typeof zipSelectionSchema>;
/** GET /api/downloads/zip?dl=: the token from POST /api/downloads. */
export const zipDownloadQuerySchema = z.object({ dl: z.string().max(4096).optional() });

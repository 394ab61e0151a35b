import { FILE_TYPES } from './file-types.js';

/** The product's limits (docs/product.md, "Limits and constants"), shared by server and web. */
export const LIMITS = {
  maxFilesPerUpload: 10,
  maxFileBytes: 104_857_600,
  maxTags: 10,
  maxTagLength: 50,
  usernameMin: 3,
  usernameMax: 50,
  passwordMin: 6,
  /** argon2 work is bounded: nobody needs a longer password than this. */
  passwordMax: 256,
  emailMax: 254,
  fileNameMax: 255,
  folderNameMax: 255,
  /** Levels of folders, the top level the first: every path stays far within what a zip can name. */
  folderDepthMax: 100,
  searchMax: 200,
  pageSize: 20,
  /** The largest page a list may ask for: the sharing page asks for 1000 files at once. */
  maxPageSize: 1000,
  adminFilesPageSize: 50,
  topFilesLimit: 10,
  activityLimit: 20,
  sharingPageLimit: 1000,
  maxSharedUsers: 100,
  /** Stars a user keeps at most, files and folders together (those of items gone or unreadable count until removed). */
  maxStars: 1000,
  /** Names one clash check may ask about; the web asks in slices of this many. */
  maxClashNames: 1000,
  defaultQuotaMbShown: 10,
  /** A storage quota is whole MB: at least this many… */
  quotaMinMb: 1,
  /** …and at most 1 PiB, so that bytes stay exact in a double. */
  quotaMaxMb: 1_048_576 * 1024,
  /** The digits of a TOTP code (RFC 6238's usual six, which every authenticator app shows). */
  totpDigits: 6,
} as const;

/** Share links and file requests: tokens, limits and the texts of their states. */
export const LINK_LIMITS = {
  /** Base64url of 32 random bytes (256 bits). */
  tokenLength: 43,
  labelMax: 100,
  messageMax: 1000,
  uploaderNameMax: 100,
  maxDownloadsMax: 1_000_000,
  maxFilesMax: 10_000,
  /** A grant (what entering the password earns) lasts this long; an open page renews it before it runs out. */
  grantTtlSeconds: 30 * 60,
  /** Renewals go on for this long after the password was entered; then it is asked again. */
  grantRenewableSeconds: 12 * 60 * 60,
  /** Entries a folder link lists at most; "Download all" still zips the whole tree. */
  treeMax: 5_000,
  /** Files and folders one "Download selected" may name. */
  selectionMax: 500,
} as const;

/** How a type is shown in place (served with ?inline=1). */
export type PreviewKind = 'image' | 'pdf' | 'text' | 'markdown' | 'csv' | 'json' | 'video' | 'audio';

const PREVIEW_KINDS: Readonly<Record<string, PreviewKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'application/pdf': 'pdf',
  'text/plain': 'text',
  'text/markdown': 'markdown',
  'text/csv': 'csv',
  'application/json': 'json',
  // Played by the browser's own player, which reads ranges of the file as it needs them:
  // exactly the types stored for these extensions.
  [FILE_TYPES.mp4.mime]: 'video',
  [FILE_TYPES.webm.mime]: 'video',
  [FILE_TYPES.mov.mime]: 'video',
  [FILE_TYPES.mp3.mime]: 'audio',
  [FILE_TYPES.ogg.mime]: 'audio',
  [FILE_TYPES.wav.mime]: 'audio',
  [FILE_TYPES.flac.mime]: 'audio',
};

/** The preview of a type, or null when it is only downloaded. Active content (SVG, HTML) never has one. */
export function previewKind(mime: string): PreviewKind | null {
  return Object.hasOwn(PREVIEW_KINDS, mime) ? PREVIEW_KINDS[mime]! : null;
}

export function isPreviewable(mime: string): boolean {
  return previewKind(mime) !== null;
}

/** Text shown in place is read up to this many bytes (a Range request): a huge file never loads whole. */
export const TEXT_PREVIEW_BYTES = 1_048_576;
/** A CSV preview shows at most this many rows… */
export const CSV_PREVIEW_ROWS = 1000;
/** …and this many columns: a row of many thousands of empty fields would otherwise make a table no browser can draw. */
export const CSV_PREVIEW_COLUMNS = 100;

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

export const SESSION = {
  inactivityLimitMs: 30 * 60_000,
  warningBeforeMs: 5 * 60_000,
  inactivityCheckMs: 30_000,
  tokenCheckMs: 60_000,
  wsReconnectDelayMs: 3_000,
  wsMaxAttempts: 5,
  statsRefetchMs: 30_000,
  copiedResetMs: 2_000,
  uploadClearMs: 2_000,
} as const;

export const STORAGE_KEYS = { token: 'token', user: 'user', lastActivity: 'lastActivity' } as const;

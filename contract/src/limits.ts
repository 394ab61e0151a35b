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
  searchMax: 200,
  pageSize: 20,
  /** The largest page a list may ask for: the sharing page asks for 1000 files at once. */
  maxPageSize: 1000,
  adminFilesPageSize: 50,
  topFilesLimit: 10,
  activityLimit: 20,
  sharingPageLimit: 1000,
  maxSharedUsers: 100,
  /** Names one clash check may ask about; the web asks in slices of this many. */
  maxClashNames: 1000,
  defaultQuotaMbShown: 10,
} as const;

export const PREVIEWABLE_MIME = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf'] as const;

export function isPreviewable(mime: string): boolean {
  return (PREVIEWABLE_MIME as readonly string[]).includes(mime);
}

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

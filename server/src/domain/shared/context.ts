import type { KnownExtension } from '@vault/contract';
import type { Background, Batches } from '../../background.js';
import type { Logger } from '../../logger.js';
import type { Db, Dialect } from '../../db/index.js';
import type { GroupCommit } from '../../db/group-commit.js';
import type { HashCache } from '../../storage/hash-cache.js';
import type { ObjectStore } from '../../storage/object-store.js';
import type { EventBus } from '../../events/bus.js';
import type { Observer } from '../../metrics/observer.js';
import type { SecretBox } from '../../secret-box.js';
import type { PasswordHasher } from '../accounts/passwords.js';
import type { TokenService } from '../accounts/tokens.js';
import type { DownloadEntry } from './activity.js';
import type { UploadSlots } from '../uploads/upload-slots.js';

export interface DomainSettings {
  defaultQuotaBytes: number;
  maxFileBytes: number;
  /** Extensions accepted for upload (ALLOWED_TYPES). */
  allowedTypes: readonly KnownExtension[];
  tokenTtlSeconds: number;
  orphanGraceMs: number;
  /** An upload whose body makes no progress this long is cut off. */
  uploadIdleMs: number;
  /** Unfinished resumable uploads per user, and how long one may stay unfinished. */
  resumable: { maxPending: number; expiryMs: number };
  /** Earlier versions kept per file (VERSIONS_KEEP); the oldest goes first, 0 keeps none. */
  versionsKeep: number;
  /** Days a deleted item stays in Trash (TRASH_DAYS); 0: deleting is permanent. */
  trashDays: number;
  /** Admins' rights stay closed until they turn on two-factor sign-in (REQUIRE_2FA_FOR_ADMINS). */
  requireTwoFactorForAdmins: boolean;
}

/** Everything a domain function may touch. Nothing here knows about HTTP. */
export interface DomainContext {
  db: Db;
  /**
   * For single long reads that need no transaction (a listing's page and
   * count, a search): they leave the event loop free (on SQLite they run on a
   * thread of their own) and see every write answered before they began.
   */
  reads: Db;
  /** Like `reads`, for a statement that runs at the same time as one there. */
  readsBeside: Db;
  dialect: Dialect;
  /** Counts and logs downloads, answering each one's new count: concurrent ones share a commit and its statements. */
  downloads: GroupCommit<DownloadEntry, number>;
  store: ObjectStore;
  /** The running hashes of resumable uploads this process received last: in memory only. */
  hashes: HashCache;
  /** Each user's multipart uploads under way in this process (UPLOAD_MAX_PARALLEL at once). */
  uploadSlots: UploadSlots;
  events: EventBus;
  /** Work done after the response, so that its cost never shows in one. */
  background: Background;
  /** Contents whose text is to be read, after the response: slow (a PDF may take 30 s), so a queue of its own that never holds up the rest. */
  extractions: Batches<string>;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** Seals what must not lie in the database in clear (TOTP secrets). */
  secrets: SecretBox;
  settings: DomainSettings;
  log: Logger;
  /** Metrics of the work done (uploads, deduplication, downloads, collection). */
  observe: Observer;
}

/** The signed-in caller, as the auth hook resolved it. */
export interface Actor {
  id: number;
  username: string;
  email: string;
  /** Acts with an admin's rights now: an admin account the admin gate refuses (adminRefusal) acts as a plain user. */
  isAdmin: boolean;
  /** The account is an admin's, whether or not its rights are open now: what the account's own answers say. */
  adminAccount: boolean;
  createdAt: number;
  sessionId: string;
  tokenExpiresAt: number;
  /** Two-factor sign-in is on for this account. */
  twoFactor: boolean;
  /** An admin reset the password: only the password change is open until it is done. */
  mustChangePassword: boolean;
}

import type { Generated, Selectable } from 'kysely';
import type { OnConflict } from '@vault/contract';

/**
 * Booleans are stored as 0/1 integers and timestamps as epoch milliseconds on
 * both SQLite and PostgreSQL, so every query is written once.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_admin: number;
  /** null: the configured default quota applies. */
  storage_quota_bytes: number | null;
  /** The distinct content of the user's own files, in bytes (see domain/shared/quota.ts). */
  used_bytes: Generated<number>;
  created_at: number;
  /** Set while an admin has disabled the account: no sign-in, no session, no public content. */
  disabled_at: number | null;
  /** 1 after an admin reset the password: the user must choose a new one first. */
  must_change_password: Generated<number>;
  /** The TOTP secret, sealed to the account (secret-box.ts, never base32 in clear); null while two-factor sign-in is off. */
  totp_secret: string | null;
  /** A secret shown for setup and not yet confirmed with a code, sealed likewise. */
  totp_pending_secret: string | null;
  /** The last accepted TOTP time step: a code of this step or earlier is a replay. */
  totp_last_step: number | null;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** Updated at most once a minute by requests on the session. */
  last_seen_at: number | null;
  address: string | null;
  user_agent: string | null;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code: codes carry 50 random bits, so no slow hash is needed. */
  code_hash: string;
  used_at: number | null;
}

export interface BlobsTable {
  hash: string;
  size: number;
  mime_type: string;
  storage_key: string;
  /** SHA-256 of the first MiB; null for smaller content and content stored before it was kept. */
  head_hash: string | null;
  ref_count: number;
  created_at: number;
  orphaned_at: number | null;
}

/** An object a writer is still writing or holding; see storage/leases.ts. */
export interface ObjectLeasesTable {
  key: string;
  expires_at: number;
}

/** PostgreSQL: a charge against a user's quota, applied and deleted as its transaction commits (migration 0300). */
export interface QuotaChargesTable {
  id: Generated<number>;
  user_id: number;
  bytes: number;
  /** The installation's quota, for a user without one of their own. */
  default_quota: number;
}

/** An object made from a blob's content (a thumbnail), kept until its blob is collected. */
export interface DerivedObjectsTable {
  blob_hash: string;
  /** What was made, and how: a new recipe takes a new kind, so old objects are never served for it. */
  kind: string;
  storage_key: string;
  size: number;
  mime_type: string;
  created_at: number;
}

/** The text of a blob's content, and the claim on extracting it; see migrations/0220_content_texts.ts. */
export interface ContentTextsTable {
  id: Generated<number>;
  blob_hash: string;
  /** The leading text (about a MiB at most); null until extracted, or when extraction failed. */
  body: string | null;
  /** Extractions begun: a content that keeps failing is given up after a few. */
  attempts: number;
  /** Who is extracting it, and until when that claim holds. */
  claim_token: string | null;
  claimed_until: number | null;
  /** Why the last attempt failed. */
  failure: string | null;
  extracted_at: number | null;
}

export interface FilesTable {
  id: Generated<number>;
  user_id: number;
  blob_hash: string;
  original_name: string;
  /** Copies of the blob's size and type, so that filters and sorts use this table's indexes. */
  file_size: number;
  mime_type: string;
  folder_id: number | null;
  is_public: number;
  download_count: number;
  created_at: number;
  updated_at: number;
  /** When the current content was uploaded; null: with the file (created_at). */
  content_at: number | null;
  /** When it went to Trash; null: live. See migrations/0140_trash.ts. */
  trashed_at: number | null;
  /** The folder whose deletion took it to Trash; null when it was deleted itself (or is live). */
  trashed_with: number | null;
  /** The text row of the content, null while it has none; kept by triggers (migrations/0240_file_text_links.ts), never written. */
  text_id: Generated<number | null>;
}

/** An earlier content of a file; see migrations/0146_file_versions.ts. */
export interface FileVersionsTable {
  id: Generated<number>;
  file_id: number;
  /** The file's owner, who is charged for it. */
  user_id: number;
  blob_hash: string;
  size: number;
  mime_type: string;
  /** Who uploaded this content; null once that account is gone. */
  uploaded_by: number | null;
  uploaded_at: number;
  /** When it stopped being the file's current content. */
  created_at: number;
}

/** Every reference a user holds to content: their files and their files' versions (a view). */
export interface ContentRefsView {
  user_id: number;
  blob_hash: string;
  size: number;
}

export interface FileTagsTable {
  file_id: number;
  tag: string;
}

export interface FileSharesTable {
  file_id: number;
  user_id: number;
}

export interface FoldersTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  parent_id: number | null;
  is_public: number;
  created_at: number;
  updated_at: number;
  /** As on files: when it went to Trash, and with which folder's deletion. */
  trashed_at: number | null;
  trashed_with: number | null;
}

export interface FolderSharesTable {
  folder_id: number;
  user_id: number;
}

/** A user's star on a file (migration 0340). */
export interface FileStarsTable {
  user_id: number;
  file_id: number;
  created_at: number;
}

/** A user's star on a folder (migration 0340). */
export interface FolderStarsTable {
  user_id: number;
  folder_id: number;
  created_at: number;
}

export interface ActivityTable {
  id: Generated<number>;
  type: string;
  user_id: number | null;
  file_id: number | null;
  file_name: string | null;
  detail: string | null;
  /** The detail's id in the contract's ACTIVITY_DETAILS and its values as a JSON object; null for rows from before them. */
  detail_code: string | null;
  detail_params: string | null;
  /** How a transfer without an account came (contract's ActivityVia); null for what a user did. */
  via: string | null;
  via_link_id: number | null;
  via_label: string | null;
  visitor: string | null;
  at: number;
}

/** An unfinished resumable upload; see domain/resumable/. */
export interface ResumableUploadsTable {
  id: string;
  user_id: number;
  storage_key: string;
  upload_length: number;
  upload_offset: number;
  file_name: string;
  is_public: number;
  folder_id: number | null;
  /** JSON list of the tags to give the file. */
  tags: string;
  /** The Upload-Metadata header as the client sent it, echoed by HEAD. */
  metadata: string;
  /** JSON: the incremental inspection's saved state (storage/inspection.ts). */
  inspection: string;
  /** JSON: the store's state of the unfinished object (storage/partial-objects.ts). */
  store_state: string;
  created_at: number;
  expires_at: number;
  lock_token: string | null;
  locked_until: number | null;
  /** What to do if the name is taken when the upload completes. */
  on_conflict: Generated<OnConflict>;
  /** When every byte was in; the row then stays until it expires, to answer a client that missed the reply. */
  completed_at: number | null;
  /** The file the completed upload became; null until its commit is done. */
  file_id: number | null;
  /** The file request a visitor sends it through (only that link reaches it); null for the user's own. */
  link_id: Generated<number | null>;
  /** The name that visitor gave, if any. */
  uploader_name: Generated<string | null>;
}

/** A share link ('share') or a file request ('request'); see migrations/0160_links.ts. */
export interface LinksTable {
  id: Generated<number>;
  token: string;
  kind: 'share' | 'request';
  user_id: number;
  file_id: number | null;
  folder_id: number | null;
  label: string | null;
  message: string | null;
  password_hash: string | null;
  expires_at: number | null;
  allow_preview: number;
  max_downloads: number | null;
  downloads: Generated<number>;
  views: Generated<number>;
  max_files: number | null;
  max_bytes: number | null;
  files_received: Generated<number>;
  bytes_received: Generated<number>;
  version: Generated<number>;
  revoked_at: number | null;
  last_used_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  blobs: BlobsTable;
  object_leases: ObjectLeasesTable;
  quota_charges: QuotaChargesTable;
  resumable_uploads: ResumableUploadsTable;
  derived_objects: DerivedObjectsTable;
  content_texts: ContentTextsTable;
  files: FilesTable;
  file_versions: FileVersionsTable;
  content_refs: ContentRefsView;
  file_tags: FileTagsTable;
  file_shares: FileSharesTable;
  folders: FoldersTable;
  folder_shares: FolderSharesTable;
  file_stars: FileStarsTable;
  folder_stars: FolderStarsTable;
  activity: ActivityTable;
  links: LinksTable;
}

export type UserRow = Selectable<UsersTable>;
export type FileRow = Selectable<FilesTable>;
export type FileVersionRow = Selectable<FileVersionsTable>;
export type FolderRow = Selectable<FoldersTable>;
export type BlobRow = Selectable<BlobsTable>;
export type LinkRow = Selectable<LinksTable>;

import { sql } from 'kysely';
import type { Db } from '../../db/index.js';
import { compiledOnce } from '../../db/compiled.js';
import type { FileRow } from '../../db/schema.js';
import type { Audience } from '../../events/bus.js';
import { folderChain } from './rules.js';

/** Everyone who may read a folder's content through it: its owner, and shares on it or its ancestors. */
export async function folderAudience(db: Db, folderId: number): Promise<Audience> {
  const { rows } = await sql<{ user_id: number; pub: number }>`${folderChain(folderId)}
    select s.user_id as user_id, 0 as pub from folder_shares s where s.folder_id in (select id from chain)
    union all
    select f.user_id as user_id, (select max(is_public) from chain) as pub from folders f where f.id = ${folderId}`.execute(db);
  return {
    userIds: [...new Set(rows.map((r) => Number(r.user_id)))],
    public: rows.some((r) => Number(r.pub) === 1),
  };
}

/** Who besides the owner can open what a folder holds, the broadest first (see FileRequest's folder_reach). */
export type FolderReach = 'public' | 'link' | 'users' | null;

/** Through the folder or one above it: public, an open share link, or shares with named users. */
export async function folderReach(db: Db, folderId: number, now = Date.now()): Promise<FolderReach> {
  const { rows } = await sql<{ pub: number | null; link: number; users: number }>`${folderChain(folderId)}
    select (select max(is_public) from chain) as pub,
      exists (select 1 from links l where l.kind = 'share' and l.folder_id in (select id from chain)
        and l.revoked_at is null and (l.expires_at is null or l.expires_at > ${now})) as link,
      exists (select 1 from folder_shares s where s.folder_id in (select id from chain)) as users`.execute(db);
  const row = rows[0];
  // SQLite answers 0 or 1, PostgreSQL booleans.
  if (Number(row?.pub) === 1) return 'public';
  if (row?.link) return 'link';
  if (row?.users) return 'users';
  return null;
}

const directShares = compiledOnce((db: Db, v: { fileId: number }) => db.selectFrom('file_shares').select('user_id').where('file_id', '=', v.fileId));

/**
 * Who may see a change to a file: the owner, users it is shared with directly
 * (`sharedWith`, when already read) or through a folder, and everyone when it
 * is public. Compute it before a delete, while the rows still exist.
 */
export async function fileAudience(db: Db, file: AudienceFile, sharedWith?: number[]): Promise<Audience> {
  const direct = sharedWith ?? (await directShares(db, { fileId: file.id })).map((d) => d.user_id);
  const viaFolder = file.folder_id === null ? NOBODY : await folderAudience(db, file.folder_id);
  return audienceOfFile(file, direct, viaFolder);
}

export type AudienceFile = Pick<FileRow, 'id' | 'user_id' | 'is_public' | 'folder_id'>;

export const NOBODY: Audience = { userIds: [], public: false };

/** A file's audience from its direct shares and its folder's audience, when those are already known. */
export function audienceOfFile(file: AudienceFile, sharedWith: number[], viaFolder: Audience): Audience {
  return {
    userIds: [...new Set([file.user_id, ...sharedWith, ...viaFolder.userIds])],
    public: file.is_public === 1 || viaFolder.public,
  };
}

export function mergeAudiences(...audiences: Audience[]): Audience {
  return {
    userIds: [...new Set(audiences.flatMap((a) => a.userIds))],
    public: audiences.some((a) => a.public),
  };
}

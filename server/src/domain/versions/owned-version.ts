import { sentence } from '@vault/contract';
import type { Db } from '../../db/index.js';
import type { FileRow, FileVersionRow } from '../../db/schema.js';
import { ownedFile } from '../access/rules.js';
import { NotFound } from '../shared/errors.js';

export const VERSION_NOT_FOUND = sentence('versionNotFound');

/** A version of one of the owner's files; anyone else's, or a version of another file, is not found. */
export async function ownedVersion(db: Db, ownerId: number, fileId: number, versionId: number): Promise<{ file: FileRow; version: FileVersionRow }> {
  const file = await ownedFile(db, ownerId, fileId);
  const version = await db.selectFrom('file_versions').selectAll().where('id', '=', versionId).where('file_id', '=', fileId).executeTakeFirst();
  if (!version) throw new NotFound(VERSION_NOT_FOUND);
  return { file, version };
}

/** How the audit log names a version: by when it was uploaded. */
export function versionParams(version: Pick<FileVersionRow, 'uploaded_at'>): { date: string } {
  return { date: new Date(Number(version.uploaded_at)).toISOString() };
}

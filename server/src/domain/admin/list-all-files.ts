import { sql, type SqlBool } from 'kysely';
import type { AdminFileSearch, AdminFilesResponse } from '@vault/contract';
import { viewerOf } from '../access/viewer.js';
import { searchFiles } from '../files/search.js';
import type { Actor, DomainContext } from '../shared/context.js';

/** Every file with its uploader, reference counts global. */
export async function listAllFiles(ctx: DomainContext, admin: Actor, criteria: AdminFileSearch): Promise<AdminFilesResponse> {
  const { page, limit, sort_by, sort_order, search } = criteria;
  const { files, total } = await searchFiles(ctx, viewerOf(admin), sql<SqlBool>`1 = 1`, { search }, { page, limit, sort_by, sort_order });
  return { files, total };
}

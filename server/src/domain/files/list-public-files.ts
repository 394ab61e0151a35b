import { sql, type SqlBool } from 'kysely';
import type { FileListResponse, FileSearch } from '@vault/contract';
import { ACTIVE_OWNER } from '../access/rules.js';
import { viewerOf } from '../access/viewer.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { searchFiles } from './search.js';

/** Files marked public, for anyone, except those of disabled accounts. */
export async function listPublicFiles(ctx: DomainContext, actor: Actor | undefined, criteria: Omit<FileSearch, 'folder_id' | 'scope'>): Promise<FileListResponse> {
  const { page, limit, sort_by, sort_order, ...filters } = criteria;
  return searchFiles(ctx, viewerOf(actor), sql<SqlBool>`f.is_public = 1 and ${ACTIVE_OWNER}`, filters, { page, limit, sort_by, sort_order });
}

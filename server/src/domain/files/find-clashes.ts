import type { ClashCheck, ClashList } from '@vault/contract';
import { sql } from 'kysely';
import { chunks } from '../../db/chunks.js';
import { ownedFolder } from '../access/rules.js';
import type { Actor, DomainContext } from '../shared/context.js';
import { normalizeFileName } from './names.js';

/**
 * Which of these names the caller's folder already holds (ignoring case), and
 * the files that hold them, so a client can ask what to do about each clash
 * before sending any byte. Names no upload would accept are simply not taken.
 */
export async function findClashes(ctx: DomainContext, actor: Actor, { folder_id, names }: ClashCheck): Promise<ClashList> {
  if (folder_id !== null) await ownedFolder(ctx.db, actor.id, folder_id);
  const asked = names.flatMap((name) => {
    try {
      return [{ name, normalized: normalizeFileName(name) }];
    } catch {
      return [];
    }
  });
  const holders = new Map<string, { id: number; original_name: string }>();
  for (const part of chunks([...new Set(asked.map((a) => a.normalized))])) {
    const rows = await ctx.db
      .selectFrom('files')
      .select(['id', 'original_name'])
      .where('user_id', '=', actor.id)
      .where('trashed_at', 'is', null)
      .where(sql<number>`coalesce(folder_id, 0)`, '=', folder_id ?? 0)
      .where(sql<boolean>`lower(original_name) in (${sql.join(part.map((n) => sql`lower(${n})`))})`)
      .execute();
    for (const row of rows) holders.set(row.original_name.toLowerCase(), row);
  }
  return {
    clashes: asked.flatMap(({ name, normalized }) => {
      const file = holders.get(normalized.toLowerCase());
      return file ? [{ name, file_id: file.id, original_name: file.original_name }] : [];
    }),
  };
}

import { sql, type SqlBool } from 'kysely';

/**
 * The link's file or folder is not in Trash (a condition over `links`): a
 * trashed item's links answer as if gone, to visitors and to the owner's
 * link settings, until it is restored.
 */
export const LIVE_ITEM = sql<SqlBool>`not exists (select 1 from files lf where lf.id = links.file_id and lf.trashed_at is not null)
  and not exists (select 1 from folders lfo where lfo.id = links.folder_id and lfo.trashed_at is not null)`;

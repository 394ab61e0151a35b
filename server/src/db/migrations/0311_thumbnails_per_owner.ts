import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Thumbnails are made for each owner of a content (domain/thumbnails/
 * thumbnail-object.ts): those made before, for whoever asked first, are
 * served to nobody any more. Their rows go here; their objects, then held by
 * nothing, go with the stray sweep.
 */
export function thumbnailsPerOwner(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`delete from derived_objects where kind = 'thumbnail-webp-320'`.execute(db);
    },
  };
}

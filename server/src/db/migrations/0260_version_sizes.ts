import type { Kysely, Migration } from 'kysely';

/**
 * An upload reads the largest content its user holds (domain/shared/quota.ts,
 * largestOwnContent): files find theirs at the end of `files_user_size`;
 * versions need the same, or each upload reads all of the user's versions.
 */
export function versionSizes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('file_versions_user_size').on('file_versions').columns(['user_id', 'size']).execute();
    },
  };
}

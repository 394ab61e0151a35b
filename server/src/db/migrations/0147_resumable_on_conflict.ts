import { sql, type Kysely, type Migration } from 'kysely';

/** What a resumable upload does when its name is taken in its folder once it completes: fail, rename or version. */
export function resumableOnConflict(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('resumable_uploads')
        .addColumn('on_conflict', 'text', (c) => c.notNull().defaultTo('fail').check(sql`on_conflict in ('fail', 'rename', 'version')`))
        .execute();
    },
  };
}

import type { Kysely, Migration } from 'kysely';

/**
 * An audit entry's detail by its id in the contract's ACTIVITY_DETAILS
 * (`detail_code`) and the values it fills in (`detail_params`, a JSON
 * object), beside the English `detail`, which the admin's activity could
 * only show in English. Older rows keep their `detail` and no code.
 */
export function activityDetailCodes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('activity').addColumn('detail_code', 'text').execute();
      await db.schema.alterTable('activity').addColumn('detail_params', 'text').execute();
    },
  };
}

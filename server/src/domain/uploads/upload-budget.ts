import type { ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../db/compiled.js';
import { UNSYNCED_COMMIT, type Db } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import { withLease, type LeaseKeeper, type LeaseValues } from '../../storage/leases.js';
import { quotaBytesOf } from '../accounts/users.js';
import type { DomainContext } from '../shared/context.js';
import { largestOwnContent } from '../shared/quota.js';

/** What an upload request may add before the exact check of each file's commit. */
export interface UploadBudget {
  /** Bytes of new content the user may still add. */
  remaining: number;
  /**
   * The largest content the user already owns. A copy of their own content is
   * free and exactly that large at most, so a stream may run this far before
   * being cut off for quota; the exact check follows once the hash is known.
   */
  ownCeiling: number;
}

/** What an upload's budget reads of the user: quota, charged bytes and largest content. */
function budgetColumns(eb: ExpressionBuilder<Database, 'users'>, userId: number) {
  return ['storage_quota_bytes', 'used_bytes', largestOwnContent(eb, userId).as('own_ceiling')] as const;
}

/** Once per upload request, so compiled once. */
const budgetRow = compiledOnce((db: Db, v: { userId: number }) =>
  db
    .selectFrom('users')
    .select((eb) => budgetColumns(eb, v.userId))
    .where('id', '=', v.userId),
);

/** budgetRow on PostgreSQL, taking the lease of the request's first object in the same statement. */
const budgetLeasing = compiledOnce((db: Db, v: { userId: number } & LeaseValues) =>
  withLease(db, v)
    .selectFrom('users')
    .select((eb) => [...budgetColumns(eb, v.userId), UNSYNCED_COMMIT.as('unsynced')])
    .where('id', '=', v.userId),
);

/**
 * What the user may add, read as an upload request begins; `firstKey`, the
 * key of the request's first object, is held by `leases` in the same round
 * trip on PostgreSQL.
 */
export async function uploadBudget(ctx: DomainContext, userId: number, leases: LeaseKeeper, firstKey: string): Promise<UploadBudget> {
  const [user] = await leases.holdAlong(firstKey, (lease) => (lease ? budgetLeasing(ctx.db, { userId, ...lease }) : budgetRow(ctx.db, { userId })));
  if (!user) throw new Error(`user ${userId} vanished`);
  return {
    remaining: Math.max(0, quotaBytesOf(ctx, user) - Number(user.used_bytes)),
    ownCeiling: Number(user.own_ceiling ?? 0),
  };
}

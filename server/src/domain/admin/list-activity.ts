import { activityRowSchema, activityTypeSchema, activityViaSchema, type ActivityRow, type ActivityType } from '@vault/contract';
import { isoTime } from '../../db/index.js';
import type { Actor, DomainContext } from '../shared/context.js';

const DETAIL_PARAMS = activityRowSchema.shape.detail_params.unwrap();

/** The audit log, newest first; `before` (an activity id) pages back in time; `type` keeps only those kinds. */
export async function listActivity(
  ctx: DomainContext,
  _admin: Actor,
  page: { limit: number; before?: number | undefined; type?: readonly ActivityType[] },
): Promise<ActivityRow[]> {
  let query = ctx.db
    .selectFrom('activity as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .select(['a.id', 'a.type', 'a.file_name', 'a.file_id', 'u.username', 'a.at', 'a.detail', 'a.detail_code', 'a.detail_params', 'a.via', 'a.via_link_id', 'a.via_label', 'a.visitor'])
    .orderBy('a.id', 'desc')
    .limit(page.limit);
  if (page.before !== undefined) query = query.where('a.id', '<', page.before);
  if (page.type && page.type.length > 0) query = query.where('a.type', 'in', page.type);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    type: activityTypeSchema.parse(r.type),
    file_name: r.file_name,
    file_id: r.file_id,
    username: r.username,
    date: isoTime(r.at),
    detail: r.detail,
    detail_code: r.detail_code,
    detail_params: r.detail_params === null ? null : DETAIL_PARAMS.parse(JSON.parse(r.detail_params)),
    via: r.via === null ? null : { kind: activityViaSchema.shape.kind.parse(r.via), link_id: r.via_link_id!, label: r.via_label, visitor: r.visitor },
  }));
}

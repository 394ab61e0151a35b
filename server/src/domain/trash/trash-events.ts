import type { DomainContext } from '../shared/context.js';

/** Tells the owner alone (not admins) that their Trash changed, so an open Trash refetches. */
export async function announceTrashChange(ctx: DomainContext, ownerId: number): Promise<void> {
  await ctx.events.publish({ event: { type: 'trash_changed', at: new Date().toISOString() }, audience: { userIds: [ownerId], public: false, onlyNamed: true } });
}

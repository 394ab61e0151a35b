import type { DomainContext } from '../shared/context.js';

/** Whether deleting moves items to Trash (TRASH_DAYS above 0) rather than deleting them for good. */
export const trashOn = (ctx: DomainContext): boolean => ctx.settings.trashDays > 0;

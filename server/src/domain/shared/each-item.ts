import type { Db } from '../../db/index.js';
import type { DomainContext } from './context.js';
import { DomainError, type SentenceRef } from './errors.js';
import { inSavepoint } from './savepoint.js';

/** What an item's change leaves to do after commit: tell those who could see it. */
export type Announcement = (ctx: DomainContext) => Promise<void>;

export interface Item {
  kind: 'file' | 'folder';
  id: number;
}

/** An item's change: what to announce after commit, and what its result adds (a restored item's name and place). */
export interface ItemChange<Extra extends object> {
  announce?: Announcement | undefined;
  extra?: Extra;
}

/** An item's outcome; a failed one says why, with its sentence's id when it has one. */
type Outcome = Item & SentenceRef & { ok: boolean; error?: string };

export type ItemResult<Extra extends object> = Outcome & Partial<Extra>;

/** TypeScript cannot see that an object without Extra's keys is a Partial<Extra> of a generic Extra; it is one. */
const resultOf = <Extra extends object>(result: Outcome, extra?: Extra): ItemResult<Extra> => ({ ...result, ...extra }) as ItemResult<Extra>;

/**
 * Applies a change to each item inside the caller's transaction, each in a
 * savepoint: an item that fails with a DomainError is rolled back alone and
 * reported with its sentence, and the others go on (also on PostgreSQL, where
 * a failed statement would otherwise abort the transaction). `done` names
 * items an earlier one already took care of (a folder deleted with its
 * parent): they are reported as done.
 */
export async function eachItem<Extra extends object>(
  trx: Db,
  items: Item[],
  change: (item: Item) => Promise<ItemChange<Extra> | null>,
  done: (item: Item) => boolean = () => false,
): Promise<{ results: ItemResult<Extra>[]; announcements: Announcement[] }> {
  const results: ItemResult<Extra>[] = [];
  const announcements: Announcement[] = [];
  for (const item of items) {
    if (done(item)) {
      results.push(resultOf({ ...item, ok: true }));
      continue;
    }
    try {
      const outcome = await inSavepoint(trx, () => change(item));
      if (outcome?.announce) announcements.push(outcome.announce);
      results.push(resultOf({ ...item, ok: true }, outcome?.extra));
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push(resultOf({ ...item, ok: false, error: err.message, ...err.ref }));
    }
  }
  return { results, announcements };
}

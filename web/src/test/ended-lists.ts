import type { MockReply } from './fetch-mock';

/**
 * The API of the caller's share links or file requests as the server keeps them: the list, and the
 * removal of the ended one `removable` (`DELETE {path}/ended/{id}`) or of every ended one
 * (`DELETE {path}/ended`), each leaving the list without them.
 */
export function endedListRoutes<Item extends { id: number; state: string }>(
  path: '/api/links' | '/api/requests',
  field: 'links' | 'requests',
  initial: Item[],
  removable: number,
): Record<string, MockReply> {
  let list = initial;
  return {
    [`GET ${path}`]: () => ({ body: { [field]: list } }),
    [`DELETE ${path}/ended/${removable}`]: () => {
      list = list.filter((item) => item.id !== removable);
      return { status: 204 };
    },
    [`DELETE ${path}/ended`]: () => {
      const removed = list.filter((item) => item.state !== 'active').length;
      list = list.filter((item) => item.state === 'active');
      return { body: { removed } };
    },
  };
}

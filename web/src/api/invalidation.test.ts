import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { invalidate, STALE_AFTER } from './invalidation';
import { queryKeys } from './keys';

// The live events' lists are checked in realtime/invalidation.test.ts.
describe('what this tab\'s own changes make stale', () => {
  it.each([
    ['filesUploaded', [queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.folders]],
    ['fileDeleted', [queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.folders, queryKeys.trash]],
    ['downloadStarted', [queryKeys.files]],
    ['fileShared', [queryKeys.files]],
    ['folderCreated', [queryKeys.folders]],
    ['folderChanged', [queryKeys.folders, queryKeys.files, queryKeys.storage, queryKeys.userStats]],
    ['folderDeleted', [queryKeys.folders, queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.trash]],
    ['itemsDeleted', [queryKeys.folders, queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.trash]],
    ['trashRestored', [queryKeys.folders, queryKeys.files, queryKeys.storage, queryKeys.userStats, queryKeys.trash]],
    ['trashPurged', [queryKeys.trash, queryKeys.storage, queryKeys.userStats]],
    ['folderShared', [queryKeys.folders, queryKeys.files]],
    ['adminFileDeleted', [queryKeys.admin, queryKeys.files, queryKeys.storage, queryKeys.userStats]],
    ['userUpdated', [queryKeys.admin, queryKeys.userStats]],
  ] as const)('%s refreshes %j', (change, keys) => {
    expect(STALE_AFTER[change]).toEqual(keys);
  });

  it('invalidates every key of a change, in order, and waits for the refetches', async () => {
    const queryClient = new QueryClient();
    let release = () => undefined as void;
    const refetch = new Promise<void>((resolve) => (release = resolve));
    const calls = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(() => refetch);
    let done = false;
    const pending = invalidate(queryClient, 'folderShared').then(() => (done = true));
    expect(calls.mock.calls).toEqual([[{ queryKey: queryKeys.folders }], [{ queryKey: queryKeys.files }]]);
    await Promise.resolve();
    expect(done).toBe(false);
    release();
    await pending;
    expect(done).toBe(true);
  });
});

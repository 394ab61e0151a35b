import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { REALTIME_EVENT_TYPES } from '@vault/contract';
import { queryKeys } from '../api/keys';
import { applyRealtimeMessage, keysToInvalidate } from './invalidation';

const fileSet = [queryKeys.files, queryKeys.userStats, queryKeys.storageStats];

describe('real-time invalidations', () => {
  it.each([
    ['file_uploaded', fileSet],
    ['file_deleted', fileSet],
    ['file_downloaded', [queryKeys.files, queryKeys.userStats, queryKeys.storage]],
    ['file_updated', fileSet],
    ['folder_created', [queryKeys.folders, queryKeys.sharedWithMe]],
    ['folder_updated', [queryKeys.folders, queryKeys.sharedWithMe]],
    ['folder_deleted', [queryKeys.folders, queryKeys.sharedWithMe]],
    ['trash_changed', [queryKeys.trash, queryKeys.storage, queryKeys.userStats]],
  ] as const)('%s refreshes %j', (type, keys) => {
    expect(keysToInvalidate(type, false)).toEqual(keys);
  });

  it('adds the admin figures for admins on file events only', () => {
    for (const type of REALTIME_EVENT_TYPES) {
      const extra = keysToInvalidate(type, true).slice(keysToInvalidate(type, false).length);
      expect(extra).toEqual(type.startsWith('file_') ? [queryKeys.admin] : []);
    }
  });

  it('invalidates the matching queries and only logs anything else', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);

    applyRealtimeMessage(queryClient, { type: 'folder_created', folder_id: 4, at: '2024-01-01T00:00:00.000Z' }, false);
    expect(invalidate.mock.calls).toEqual([[{ queryKey: queryKeys.folders }], [{ queryKey: queryKeys.sharedWithMe }]]);

    invalidate.mockClear();
    applyRealtimeMessage(queryClient, { type: 'trash_changed', at: '2024-01-01T00:00:00.000Z' }, false);
    expect(invalidate.mock.calls).toEqual([[{ queryKey: queryKeys.trash }], [{ queryKey: queryKeys.storage }], [{ queryKey: queryKeys.userStats }]]);

    invalidate.mockClear();
    for (const other of [{ type: 'user_joined', at: 'x' }, 'not json', null, { type: 'file_uploaded' }]) {
      applyRealtimeMessage(queryClient, other, true);
    }
    expect(invalidate).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledTimes(4);
  });
});

import type { Folder } from '@vault/contract';

/** A folder as the API returns it, owned by makeUser()'s default user unless told otherwise. */
export function makeFolder(overrides: Partial<Folder> & Pick<Folder, 'id' | 'name'>): Folder {
  return {
    user_id: 7,
    username: 'alice',
    parent_id: null,
    is_public: false,
    visibility: overrides.is_public ? { kind: 'public' } : { kind: 'private' },
    created_at: '2024-01-05T09:07:30.000Z',
    updated_at: '2024-01-05T09:07:30.000Z',
    file_count: 0,
    subfolder_count: 0,
    folder_size: 0,
    path: [{ id: overrides.id, name: overrides.name }],
    starred: false,
    ...overrides,
  };
}

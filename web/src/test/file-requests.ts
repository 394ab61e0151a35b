import type { FileRequest } from '@vault/contract';

/** An open file request into the folder "Inbox" (id 9), as the API returns it. */
export function makeFileRequest(overrides: Partial<FileRequest> = {}): FileRequest {
  return {
    id: 5,
    token: 'A'.repeat(43),
    path: `/r/${'A'.repeat(43)}`,
    folder: { id: 9, name: 'Inbox' },
    folder_reach: null,
    label: null,
    message: null,
    state: 'active',
    has_password: false,
    expires_at: null,
    max_files: null,
    max_bytes: null,
    files_received: 0,
    bytes_received: 0,
    last_used_at: null,
    created_at: '2026-11-30T09:00:00.000Z',
    ...overrides,
  };
}

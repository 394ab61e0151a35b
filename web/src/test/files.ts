import type { FileItem, FileListResponse, StorageStats, UserStats } from '@vault/contract';
import { MIB } from '../lib/bytes';

export function makeFile(overrides: Partial<FileItem> = {}): FileItem {
  return {
    id: 1,
    user_id: 7,
    username: 'alice',
    original_name: 'report.pdf',
    mime_type: 'application/pdf',
    file_size: 2048,
    is_public: false,
    is_duplicate: false,
    download_count: 3,
    reference_count: 1,
    tags: [],
    folder_id: null,
    folder_name: null,
    // As the server says it when nothing else applies: public files are public, others private.
    visibility: overrides.is_public ? { kind: 'public' } : { kind: 'private' },
    created_at: '2024-01-05T09:07:30.000Z',
    updated_at: '2024-02-06T10:08:00.000Z',
    starred: false,
    ...overrides,
  };
}

export function fileList(files: FileItem[], total = files.length): FileListResponse {
  return { files, total, page: 1, limit: 20 };
}

export const userStats: UserStats = {
  total_files: 3,
  used_storage_bytes: 5 * MIB,
  storage_quota_mb: 100,
  storage_quota_bytes: 100 * MIB,
};

export const storageStats: StorageStats = {
  total_storage_bytes: 5 * MIB,
  original_storage_bytes: 8 * MIB,
  savings_bytes: 3 * MIB,
  savings_percentage: 37.5,
  deduplication_ratio: 0.25,
  file_count: 4,
  unique_file_count: 3,
  trash_bytes: 0,
  trash_file_count: 0,
};

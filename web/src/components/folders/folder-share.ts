import type { ShareRequest } from '@vault/contract';
import { fetchFolderShare, updateFolder } from '../../api/folders';
import { queryKeys } from '../../api/keys';
import type { ShareAdapter } from '../files/share-adapter';

/** The share dialog on a folder: GET /api/folders/{id}/share, and the share part of PUT /api/folders/{id}. */
export function folderShareAdapter(folderId: number): ShareAdapter {
  return {
    queryKey: queryKeys.folderShare(folderId),
    load: () => fetchFolderShare(folderId),
    save: async (request: ShareRequest) => {
      await updateFolder(folderId, { is_public: request.is_public, shared_users: request.shared_users ?? [] });
      // The server's spelling of the names (and without the owner), as the dialog shows it next time.
      return fetchFolderShare(folderId);
    },
    // Everything under the folder changes hands with it: its files too.
    invalidates: [queryKeys.folders, queryKeys.files],
    successMessage: 'Folder sharing updated successfully!',
    failureMessage: 'Share update failed',
  };
}

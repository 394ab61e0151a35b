import { useCallback } from 'react';
import { useBulkAction, type ItemIds } from '../../api/manage';

/**
 * Moves dropped items into a folder (null: the top level). A folder dropped
 * onto itself stays where it is rather than being refused.
 */
export function useMoveInto() {
  const { mutate } = useBulkAction();
  return useCallback(
    (folderId: number | null, targetName: string, items: ItemIds) => {
      const folderIds = items.folder_ids.filter((id) => id !== folderId);
      if (items.file_ids.length + folderIds.length === 0) return;
      mutate({ action: 'move', items: { file_ids: items.file_ids, folder_ids: folderIds }, folderId, targetName });
    },
    [mutate],
  );
}

import { useQuery } from '@tanstack/react-query';
import type { FolderSearchCriteria } from '@vault/contract';
import { fetchFolders } from '../../api/folders';
import { queryKeys } from '../../api/keys';

const ALL: FolderSearchCriteria = { sort_by: 'name', sort_order: 'asc' };

/** Every folder of the caller, for parent pickers and the like. */
export function useAllFolders(enabled = true) {
  return useQuery({ queryKey: queryKeys.folderList(ALL), queryFn: () => fetchFolders(ALL), enabled });
}

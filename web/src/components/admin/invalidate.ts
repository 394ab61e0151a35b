import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/keys';

/** After an admin changes files: every admin view, file list and storage figure may be stale. */
export function invalidateAfterFileChange(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [queryKeys.admin, queryKeys.files, queryKeys.storage, queryKeys.userStats].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiSend, errorMessage } from './client';
import { invalidate } from './invalidation';
import { i18n } from '../i18n';

/** What a star is on: a file or a folder, by id. */
export interface StarTarget {
  kind: 'file' | 'folder';
  id: number;
}

/** PUT stars, DELETE unstars (both idempotent, 204). */
function sendStar({ kind, id }: StarTarget, starred: boolean): Promise<void> {
  return apiSend(`/api/${kind}s/${id}/star`, { method: starred ? 'PUT' : 'DELETE' });
}

/**
 * Stars or unstars an item, then refreshes what shows stars (lists, pages,
 * the Starred page) in place: no toast on success, the star itself says it.
 */
export function useSetStar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, starred }: { target: StarTarget; starred: boolean }) => sendStar(target, starred),
    onSuccess: () => invalidate(queryClient, 'starChanged'),
    onError: (error) => toast.error(errorMessage(error, i18n.t('stars:failed'))),
  });
}

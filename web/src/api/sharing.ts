import { useCallback, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { recipientSchema, sharedWithMeResponseSchema, shareStateSchema, type Recipient, type ShareRequest, type ShareState } from '@vault/contract';
import { ApiError, apiRequest, errorMessage } from './client';
import { invalidate } from './invalidation';
import { queryKeys } from './keys';
import { i18n } from '../i18n';

/** Files and folders are shared alike: a visibility, and named users while private. */
type ShareKind = 'file' | 'folder';

/** What is shared: a file or a folder, by id. */
export interface Shareable {
  kind: ShareKind;
  id: number;
}

const shareUrl = ({ kind, id }: Shareable) => `/api/${kind}s/${id}/share`;

/** GET /api/files/{id}/share or /api/folders/{id}/share: the owner's view of who may read it. */
function fetchShare(item: Shareable): Promise<ShareState> {
  return apiRequest(shareUrl(item), shareStateSchema);
}

/** Replaces the visibility and the named users; answers the state as the server now holds it. */
function updateShare(item: Shareable, body: ShareRequest): Promise<ShareState> {
  return apiRequest(shareUrl(item), shareStateSchema, { method: 'PUT', body });
}

function fetchSharedWithMe() {
  return apiRequest('/api/shared-with-me', sharedWithMeResponseSchema);
}

/** GET /api/share-recipients/{name}: the user's spelling, or an ApiError listing the name as unknown. */
function fetchRecipient(name: string): Promise<Recipient> {
  return apiRequest(`/api/share-recipients/${encodeURIComponent(name)}`, recipientSchema);
}

/** What is known of a name added to a share: being checked, a user, no user, or not checked (the server could not say). */
export type RecipientCheck = 'checking' | 'known' | 'unknown' | 'unchecked';

/**
 * Checks each name as it is added to a share, so an unknown one is marked at
 * once instead of on saving. Results are kept by lowercased name; `onKnown`
 * receives the user's own spelling.
 */
export function useRecipientChecks(onKnown: (name: string, spelling: string) => void) {
  const [checks, setChecks] = useState<Record<string, RecipientCheck>>({});
  const check = useCallback(
    (name: string) => {
      const key = name.toLowerCase();
      setChecks((current) => ({ ...current, [key]: 'checking' }));
      fetchRecipient(name).then(
        (recipient) => {
          setChecks((current) => ({ ...current, [key]: 'known' }));
          onKnown(name, recipient.username);
        },
        (error: unknown) => setChecks((current) => ({ ...current, [key]: unknownUsernames(error).length > 0 ? 'unknown' : 'unchecked' })),
      );
    },
    [onKnown],
  );
  const statusOf = (name: string): RecipientCheck | undefined => checks[name.toLowerCase()];
  return { check, statusOf };
}

/** The names a refused share did not know, lowercased; the server lists them beside its sentence. */
export function unknownUsernames(error: unknown): string[] {
  return error instanceof ApiError ? (error.details.unknown_users ?? []).map((name) => name.toLowerCase()) : [];
}

const shareKey = ({ kind, id }: Shareable) => (kind === 'file' ? queryKeys.fileShare(id) : queryKeys.folderShare(id));

/** The current share state, read afresh whenever the share dialog opens. */
export function useShareState(item: Shareable, enabled: boolean) {
  return useQuery({ queryKey: shareKey(item), queryFn: () => fetchShare(item), enabled, staleTime: 0 });
}

const SAVED = { file: 'sharing:saved.file', folder: 'sharing:saved.folder' } as const;

/** Saves a share with its toasts; `onDone` runs first (closing the dialog), then what shows the visibility refreshes. */
export function useUpdateShare(item: Shareable, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ShareRequest) => updateShare(item, request),
    onSuccess: async (state) => {
      queryClient.setQueryData(shareKey(item), state);
      toast.success(i18n.t(SAVED[item.kind]));
      onDone();
      await invalidate(queryClient, item.kind === 'file' ? 'fileShared' : 'folderShared');
    },
    onError: (error) => toast.error(errorMessage(error, i18n.t('sharing:shareFailed'))),
  });
}

/** What other users shared with the caller by name. */
export function useSharedWithMe() {
  return useQuery({ queryKey: queryKeys.sharedWithMe, queryFn: fetchSharedWithMe });
}

import { useQuery } from '@tanstack/react-query';
import type { FileAccess } from './files';
import { apiBlob } from './client';

/**
 * GET /api/files/{id}/thumbnail: a small WebP drawn by the server, never the
 * full picture. Signed-in lists send the session's token; public pages ask
 * anonymously, as their downloads do.
 */
export function fetchThumbnail(id: number, access: FileAccess, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/api/files/${id}/thumbnail`, access === 'public' ? { token: null, signal } : { signal });
}

/**
 * The thumbnail's bytes, kept while the list lives: a file's content never
 * changes under its id, so one fetch per file (and per change) is enough.
 */
export function useThumbnail(id: number, access: FileAccess, version: string, enabled: boolean) {
  return useQuery({
    queryKey: ['thumbnail', access, id, version],
    queryFn: ({ signal }) => fetchThumbnail(id, access, signal),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

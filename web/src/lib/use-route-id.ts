import { useParams } from 'react-router';
import { idParamSchema } from '@vault/contract';

/** A route's :fileId or :folderId, or null when it is not an id (which reads as not found). */
export function useRouteId(param: 'fileId' | 'folderId'): number | null {
  const parsed = idParamSchema.safeParse({ id: useParams()[param] });
  return parsed.success ? parsed.data.id : null;
}

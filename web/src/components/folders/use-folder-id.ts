import { useParams } from 'react-router';
import { idParamSchema } from '@vault/contract';

/** The :folderId of the route, or null when it is not an id (which reads as not found). */
export function useFolderId(): number | null {
  const { folderId } = useParams();
  const parsed = idParamSchema.safeParse({ id: folderId });
  return parsed.success ? parsed.data.id : null;
}

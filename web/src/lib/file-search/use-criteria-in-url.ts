import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { FileSearchCriteria } from '@vault/contract';
import { toQueryString } from '../query-string';
import { compactCriteria, criteriaFromParams } from './criteria';

/**
 * File search criteria kept in the page's URL query, so filters and the page
 * survive a reload and can be shared as a link. Setting criteria adds a history
 * entry, so Back returns to the previous search; a search typed as you go
 * replaces it instead, so Back skips the words half typed.
 */
export function useCriteriaInUrl(): [FileSearchCriteria, (next: FileSearchCriteria, how?: { replace: boolean }) => void] {
  const [params, setParams] = useSearchParams();
  // A new URLSearchParams object comes with every render; the query text is what identifies it.
  const query = params.toString();
  const criteria = useMemo(() => criteriaFromParams(new URLSearchParams(query)), [query]);
  const setCriteria = useCallback(
    (next: FileSearchCriteria, how?: { replace: boolean }) => setParams(new URLSearchParams(toQueryString(compactCriteria(next))), { replace: how?.replace ?? false }),
    [setParams],
  );
  return [criteria, setCriteria];
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { isNotFound } from '../../api/not-found';
import { ErrorBlock } from './ErrorBlock';
import { LoadingState } from './LoadingState';

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T, unknown>, 'data' | 'error' | 'isPending' | 'refetch'>;
  /** e.g. 'Loading users...' */
  loading: string;
  /** Shown when the server gives no reason, e.g. 'Failed to load users'. */
  failed: string;
  /** Shown instead of the error when the server answers 404: one page for what is missing and what may not be seen. */
  notFound?: ReactNode;
  children(data: T): ReactNode;
}

/** The states of a query's area: a spinner, an error with a retry (or the not-found page), or the data. */
export function QueryState<T>({ query, loading, failed, notFound, children }: QueryStateProps<T>) {
  if (query.data !== undefined) return children(query.data);
  if (query.isPending && !query.error) return <LoadingState label={loading} />;
  if (notFound !== undefined && isNotFound(query.error)) return notFound;
  return <ErrorBlock error={query.error} fallback={failed} onRetry={() => void query.refetch()} />;
}

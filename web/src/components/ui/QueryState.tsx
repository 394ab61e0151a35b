import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { errorMessage } from '../../api/client';
import { isNotFound } from '../../api/not-found';
import { Alert } from './Alert';
import { Button } from './Button';
import { LoadingState } from './LoadingState';

function ErrorBlock({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry(): void }) {
  const { t } = useTranslation('common');
  return (
    <div className="p-4">
      <Alert tone="error">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(error, fallback)}</span>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            <RotateCw aria-hidden="true" className="size-3.5" />
            {t('tryAgain')}
          </Button>
        </div>
      </Alert>
    </div>
  );
}

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

import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LIMITS, type FileListResponse, type FileSearchCriteria } from '@vault/contract';
import { DEFAULT_SORT_BY, DEFAULT_SORT_ORDER, narrowsList, sameCriteria } from '../../lib/file-search/criteria';
import { i18n } from '../../i18n';
import { Button } from '../ui/Button';
import { CardContent } from '../ui/Card';
import { ErrorBlock } from '../ui/ErrorBlock';
import { FileList, type FileListEmptyState, type FileListProps } from './FileList';
import { Pagination } from '../ui/Pagination';
import { SearchFilterPanel, type SearchFilterPanelProps } from './SearchFilterPanel';

/** A file-list card's description: how many files the search found; nothing while the list has failed (its error says so). */
export function filesFound(list: Pick<UseQueryResult<FileListResponse>, 'data' | 'isError'>): string | undefined {
  if (list.data !== undefined) return i18n.t('files:found', { count: list.data.total });
  return list.isError ? undefined : i18n.t('files:loadingFilesEllipsis');
}

export interface FileSearchSectionProps {
  /** The criteria in force (usually the page's URL query). */
  criteria: FileSearchCriteria;
  /** `replace` for searches typed into the search box and a page moved back from past the end: they replace the history entry instead of adding one. */
  onCriteriaChange(next: FileSearchCriteria, how?: { replace: boolean }): void;
  /** The page of files for those criteria. */
  list: UseQueryResult<FileListResponse>;
  panel?: Omit<SearchFilterPanelProps, 'value' | 'onSearch' | 'loading'>;
  /** `empty` is the list without any search or filter; a search without hits has its own. */
  files: Omit<FileListProps, 'files' | 'loading'>;
}

/**
 * The body of a file-list card: the search and filter panel, the list, and
 * pagination (20 a page). Searching again with the same criteria refetches;
 * a page past the end (after deletions, or from an old link) moves back. A
 * search or filter without hits says nothing matches and offers to clear it.
 */
export function FileSearchSection({ criteria, onCriteriaChange, list, panel, files }: FileSearchSectionProps) {
  const { t } = useTranslation('files');
  const page = criteria.page ?? 1;
  // A page emptied by deletions (or an old link) falls back to the last page that has files,
  // in place: an entry of its own would send Back to the empty page, which moves forward again.
  const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / LIMITS.pageSize));
  const pastTheEnd = list.data !== undefined && !list.isPlaceholderData && list.data.files.length === 0 && page > lastPage;
  useEffect(() => {
    if (pastTheEnd) onCriteriaChange({ ...criteria, page: lastPage }, { replace: true });
  }, [pastTheEnd, criteria, lastPage, onCriteriaChange]);
  const noMatch: FileListEmptyState = {
    title: criteria.search ? t('noMatch.titleSearch', { search: criteria.search }) : t('noMatch.titleFilters'),
    description: t('noMatch.description'),
    action: (
      <Button variant="secondary" onClick={() => onCriteriaChange({ sort_by: criteria.sort_by, sort_order: criteria.sort_order })}>
        {t('noMatch.clear')}
      </Button>
    ),
  };

  return (
    <>
      <CardContent>
        <SearchFilterPanel
          value={criteria}
          onSearch={(next, how) => (sameCriteria(next, criteria) ? void list.refetch() : onCriteriaChange(next, { replace: how?.typed ?? false }))}
          loading={list.isFetching}
          {...panel}
        />
      </CardContent>
      {list.isError && <ErrorBlock className="px-5 pb-4" error={list.error} fallback={t('couldNotLoad')} onRetry={() => void list.refetch()} />}
      {/* A failed load with nothing to show is only its error: no skeleton, no "no files" state. A failed refresh keeps the last list. */}
      {list.data !== undefined || !list.isError ? (
        <>
          <FileList
            files={list.data?.files ?? []}
            loading={list.isPending}
            sort={{
              by: criteria.sort_by ?? DEFAULT_SORT_BY,
              order: criteria.sort_order ?? DEFAULT_SORT_ORDER,
              onChange: (sort_by, sort_order) => onCriteriaChange({ ...criteria, sort_by, sort_order, page: undefined }),
            }}
            {...files}
            empty={narrowsList(criteria) ? noMatch : files.empty}
          />
          <Pagination
            className="border-t border-slate-100 px-5 py-3"
            page={page}
            pageSize={LIMITS.pageSize}
            total={list.data?.total ?? 0}
            onPageChange={(page) => onCriteriaChange({ ...criteria, page })}
          />
        </>
      ) : null}
    </>
  );
}

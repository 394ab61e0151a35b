import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from './Button';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** e.g. 'files' in 'Showing 1–50 of 120 files'. */
  noun: string;
}

/** 'Showing 1–50 of 120 files', with Previous and Next; nothing when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, noun }: PaginationProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing <span className="font-medium text-slate-900 tabular-nums">{first}–{last}</span> of{' '}
        <span className="font-medium text-slate-900 tabular-nums">{total.toLocaleString('en-US')}</span> {noun}
      </p>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <ChevronLeft aria-hidden="true" className="-ml-1 size-4" />
            Previous
          </Button>
          <span className="text-sm text-slate-600 tabular-nums">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="-mr-1 size-4" />
          </Button>
        </div>
      )}
    </nav>
  );
}

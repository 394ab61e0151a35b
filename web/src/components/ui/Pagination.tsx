import { Trans, useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import clsx from 'clsx';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange(page: number): void;
  /** What is counted, e.g. 'files'. */
  noun?: string;
  className?: string;
}

/** Page numbers to show: first, last, the current one and its neighbours; null marks a gap. */
export function pageWindow(page: number, pages: number): (number | null)[] {
  const wanted = new Set([1, pages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pages));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev === 2) out.push(prev + 1);
    else if (prev !== undefined && p - prev > 2) out.push(null);
    out.push(p);
  });
  return out;
}

const stepClasses =
  'inline-flex h-9 items-center gap-1 rounded-lg border border-slate-300 bg-surface px-3 text-sm font-medium text-slate-700 shadow-xs transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600 disabled:pointer-events-none disabled:opacity-50';

/** 'Showing 21–40 of 57 files' with Previous, page numbers and Next. Hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, noun, className }: PaginationProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= pageSize && page === 1) return null;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return (
    <nav aria-label={t('pagination')} className={clsx('flex flex-wrap items-center justify-between gap-3', className)}>
      <p className="text-sm text-slate-600">
        <Trans t={t} i18nKey="pagination.showing" values={{ first, last, total, noun: noun ?? t('pagination.files') }} components={{ n: <span className="font-medium text-slate-900" /> }} />
      </p>
      <div className="flex items-center gap-1.5">
        <button type="button" className={stepClasses} disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span>{t('previous')}</span>
        </button>
        <ul className="hidden items-center gap-1 sm:flex">
          {pageWindow(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
                …
              </li>
            ) : (
              <li key={p}>
                <button
                  type="button"
                  aria-label={t('pagination.page', { page: p })}
                  aria-current={p === page ? 'page' : undefined}
                  onClick={() => onPageChange(p)}
                  className={clsx(
                    'inline-flex size-9 items-center justify-center rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
                    p === page ? 'bg-accent-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  {p}
                </button>
              </li>
            ),
          )}
        </ul>
        <span className="px-2 text-sm text-slate-600 sm:hidden">
          {page} / {pages}
        </span>
        <button type="button" className={stepClasses} disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
          <span>{t('next')}</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
    </nav>
  );
}

import { useTranslation } from 'react-i18next';
import { Copy, FileArchive, FolderInput, Tags, Trash2, X } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../ui/Spinner';

export interface BulkBarProps {
  count: number;
  /** Move, Copy, Tags and Delete: only when every selected file is the caller's. */
  canManage: boolean;
  /** Tags: files only, so not while folders are selected. */
  canTag: boolean;
  onMove(): void;
  onCopy(): void;
  onTag(): void;
  onDownload(): void;
  downloading: boolean;
  onDelete(): void;
  onClear(): void;
}

/** A bulk bar's action: its icon over its label in a narrow bar, beside it in a bar of 768 px and more (see BulkBarFrame). */
export function BarButton({ icon: Icon, label, onClick, busy = false, danger = false }: { icon: LucideIcon; label: string; onClick(): void; busy?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`inline-flex flex-col items-center gap-0.5 rounded-lg px-1.5 py-1.5 text-xs font-medium @3xl:h-9 @3xl:flex-row @3xl:gap-1.5 @3xl:px-2.5 @3xl:py-0 @3xl:text-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent-600 disabled:opacity-60 ${danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'}`}
    >
      {busy ? <Spinner className="size-4" /> : <Icon aria-hidden="true" className="size-4" />}
      {label}
    </button>
  );
}

export interface BulkBarFrameProps {
  /** The toolbar's accessible name, e.g. 'Selected files'. */
  label: string;
  /** '{n} selected'. */
  selected: string;
  clearLabel: string;
  onClear(): void;
  /** The bar's buttons (BarButton). */
  children: ReactNode;
}

/**
 * A bar of actions over a selection; it stays in view at the foot of its list. Its layout follows its
 * own width, not the screen's: the same screen gives lists of different widths (beside the folder
 * tree or not), and five German labels in line need about 700 px.
 */
export function BulkBarFrame({ label, selected, clearLabel, onClear, children }: BulkBarFrameProps) {
  return (
    <div role="toolbar" aria-label={label} className="@container sticky bottom-3 z-20 mx-3 mt-3 rounded-xl border border-accent-200 bg-surface px-2 py-1.5 shadow-overlay sm:mx-5">
      <div className="flex flex-wrap items-center gap-1">
        <span aria-live="polite" className="rounded-md bg-accent-50 px-2 py-1 text-sm font-semibold whitespace-nowrap text-accent-800">
          {selected}
        </span>
        {/* A narrow bar: one row under the count and the clear button, each button as wide as its label; a wide one: in line between them. */}
        <span className="order-last flex w-full justify-around gap-0.5 @3xl:order-none @3xl:w-auto @3xl:flex-1 @3xl:justify-start">{children}</span>
        <button
          type="button"
          onClick={onClear}
          aria-label={clearLabel}
          title={clearLabel}
          className="ml-auto inline-flex size-9 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}

/** What can be done with the selected files (and folders), all at once. */
export function BulkBar({ count, canManage, canTag, onMove, onCopy, onTag, onDownload, downloading, onDelete, onClear }: BulkBarProps) {
  const { t } = useTranslation('manage');
  return (
    <BulkBarFrame label={t('bulk.toolbar')} selected={t('bulk.selected', { count })} clearLabel={t('bulk.clear')} onClear={onClear}>
      {canManage && <BarButton icon={FolderInput} label={t('bulk.move')} onClick={onMove} />}
      {canManage && <BarButton icon={Copy} label={t('bulk.copy')} onClick={onCopy} />}
      {canManage && canTag && <BarButton icon={Tags} label={t('bulk.tags')} onClick={onTag} />}
      <BarButton icon={FileArchive} label={t('bulk.download')} onClick={onDownload} busy={downloading} />
      {canManage && <BarButton icon={Trash2} label={t('bulk.delete')} onClick={onDelete} danger />}
    </BulkBarFrame>
  );
}

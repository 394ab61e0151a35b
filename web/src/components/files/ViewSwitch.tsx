import clsx from 'clsx';
import { LayoutGrid, List } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileView } from './use-file-view';

const OPTIONS = [
  { view: 'list', icon: List, label: 'view.list' },
  { view: 'grid', icon: LayoutGrid, label: 'view.grid' },
] as const;

/** Two pressed-or-not buttons choosing how files are laid out. */
export function ViewSwitch({ view, onChange }: { view: FileView; onChange: (view: FileView) => void }) {
  const { t } = useTranslation('files');
  return (
    <div role="group" aria-label={t('view.label')} className="inline-flex rounded-lg border border-slate-200 bg-surface p-0.5">
      {OPTIONS.map((option) => (
        <button
          key={option.view}
          type="button"
          aria-pressed={view === option.view}
          onClick={() => onChange(option.view)}
          className={clsx(
            'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-sm focus-visible:outline-2 focus-visible:outline-accent-600',
            view === option.view ? 'bg-slate-100 font-medium text-slate-900' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          <option.icon aria-hidden="true" className="size-4" />
          {/* Icons alone on a phone, where the bar also holds the sort menu. */}
          <span className="sr-only sm:not-sr-only">{t(option.label)}</span>
        </button>
      ))}
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import clsx from 'clsx';

/**
 * The dashboard's figures behind a disclosure button: open at first on a wide
 * screen, closed on a phone, where the files come first.
 */
export function StatisticsSection({ defaultOpen, children }: { defaultOpen: boolean; children: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen((o) => !o)}
          className="-mx-1.5 inline-flex items-center gap-1.5 rounded-md px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-accent-600"
        >
          <ChevronDown aria-hidden="true" className={clsx('size-4 text-slate-500 transition-transform', !open && '-rotate-90')} />
          {t('statistics')}
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className="space-y-6">
        {children}
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';

/** The 'Subfolders (n)' section of a folder page. */
export function SubfoldersSection({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useTranslation('folders');
  return (
    <section aria-labelledby="subfolders-title" className="mb-8">
      <h2 id="subfolders-title" className="mb-3 text-base font-semibold text-slate-900">
        <Trans t={t} i18nKey="subfoldersHeading" values={{ count }} components={{ count: <span className="font-normal text-slate-500" /> }} />
      </h2>
      {children}
    </section>
  );
}

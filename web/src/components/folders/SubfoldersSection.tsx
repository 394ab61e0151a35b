import type { ReactNode } from 'react';

/** The 'Subfolders (n)' section of a folder page. */
export function SubfoldersSection({ count, children }: { count: number; children: ReactNode }) {
  return (
    <section aria-labelledby="subfolders-title" className="mb-8">
      <h2 id="subfolders-title" className="mb-3 text-base font-semibold text-slate-900">
        Subfolders <span className="font-normal text-slate-500">({count})</span>
      </h2>
      {children}
    </section>
  );
}

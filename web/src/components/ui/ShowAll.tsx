import { useState } from 'react';

/**
 * A long list shows its first rows and "Show all" under them, never a scroll
 * box of its own: the page keeps one scroll, on a phone and with a wheel.
 */
export function useFirstRows<T>(rows: readonly T[], first: number) {
  const [all, setAll] = useState(false);
  const more = rows.length > first;
  return { shown: all || !more ? rows : rows.slice(0, first), more, all, toggle: () => setAll(!all) };
}

/** The button under such a list: "Show all {n} …" or, once all show, "Show fewer". */
export function ShowAllButton({ all, toggle, showAll, showFewer }: { all: boolean; toggle(): void; showAll: string; showFewer: string }) {
  return (
    <div className="border-t border-slate-100 px-5 py-3">
      <button type="button" className="text-sm font-medium text-accent-700 hover:underline" aria-expanded={all} onClick={toggle}>
        {all ? showFewer : showAll}
      </button>
    </div>
  );
}

import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { shortcutOf, type ShortcutAction } from '../../lib/shortcuts';
import { Dialog } from '../ui/Dialog';

type PageAction = Exclude<ShortcutAction, 'help' | 'search'>;

interface Shortcuts {
  /** Lets the page in view take over what u or n does (upload into this folder, new folder here). */
  register(action: PageAction, run: () => void): () => void;
  openHelp(): void;
}

const ShortcutsContext = createContext<Shortcuts | null>(null);

/** Focuses the page's search box, if it has one. */
function focusSearch(): boolean {
  const box = document.querySelector<HTMLInputElement>('[role="search"] input[type="search"]');
  box?.focus();
  box?.select();
  return box !== null;
}

/** The keys the help dialog lists, in its order: the key (as shown, or the texts key of its name) and what it does. */
const LISTED = [
  { key: '/', does: 'shortcuts.search' },
  { key: 'u', does: 'shortcuts.upload' },
  { key: 'n', does: 'shortcuts.newFolder' },
  { named: 'shortcuts.key.delete', does: 'shortcuts.delete' },
  { key: 'F2', does: 'shortcuts.rename' },
  { named: 'shortcuts.key.arrows', does: 'shortcuts.move' },
  { named: 'shortcuts.key.space', does: 'shortcuts.toggle' },
  { named: 'shortcuts.key.selectAll', does: 'shortcuts.selectAll' },
  { named: 'shortcuts.key.escape', does: 'shortcuts.clear' },
  { key: '?', does: 'shortcuts.help' },
] as const;

function ShortcutsDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const { t } = useTranslation('common');
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('shortcuts.title')} description={t('shortcuts.description')}>
      <dl className="divide-y divide-slate-100 text-sm">
        {LISTED.map((entry) => (
          <div key={entry.does} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-slate-700">{t(entry.does)}</dt>
            <dd>
              <kbd className="rounded-md border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-800 shadow-xs">
                {'named' in entry ? t(entry.named) : entry.key}
              </kbd>
            </dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

/**
 * The signed-in app's keyboard shortcuts: / focuses the search box, u uploads,
 * n makes a new folder, ? lists every shortcut. Never while typing in a field,
 * with Ctrl, Cmd or Alt held, or inside a dialog or menu. A page may take over
 * u and n; elsewhere they open the upload page and the folders page's form.
 */
export function ShortcutsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [helpOpen, setHelpOpen] = useState(false);
  const pageActions = useRef(new Map<PageAction, () => void>());

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutOf(event);
      if (action === null) return;
      if (action === 'search') {
        if (focusSearch()) event.preventDefault();
        return;
      }
      event.preventDefault();
      if (action === 'help') setHelpOpen(true);
      else if (pageActions.current.has(action)) pageActions.current.get(action)?.();
      else if (action === 'upload') void navigate('/upload');
      else void navigate('/folders', { state: { newFolder: true } });
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [navigate]);

  const shortcuts = useMemo<Shortcuts>(
    () => ({
      register: (action, run) => {
        pageActions.current.set(action, run);
        return () => {
          if (pageActions.current.get(action) === run) pageActions.current.delete(action);
        };
      },
      openHelp: () => setHelpOpen(true),
    }),
    [],
  );

  return (
    <ShortcutsContext.Provider value={shortcuts}>
      {children}
      <ShortcutsDialog open={helpOpen} onOpenChange={setHelpOpen} />
    </ShortcutsContext.Provider>
  );
}

/** What u or n does while the calling page is shown. */
export function useShortcutAction(action: PageAction, run: () => void) {
  const shortcuts = useContext(ShortcutsContext);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => shortcuts?.register(action, () => latest.current()), [shortcuts, action]);
}

/** Opens the list of shortcuts; null outside the signed-in app. */
export function useOpenShortcutsHelp(): (() => void) | null {
  return useContext(ShortcutsContext)?.openHelp ?? null;
}

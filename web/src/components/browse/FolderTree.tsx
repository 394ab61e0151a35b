import { createContext, useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import clsx from 'clsx';
import { ChevronRight, Folder as FolderIcon, FolderOpen, FolderTree as FolderTreeIcon } from 'lucide-react';
import type { Folder } from '@vault/contract';
import { useFolderList, useSubfolders } from '../../api/folders';
import type { ItemIds } from '../../api/manage';
import { useItemDrop } from '../manage/drag';
import { useMoveInto } from '../manage/use-move-into';
import { Spinner } from '../ui/Spinner';
import { useExpandedFolders } from './use-expanded-folders';

/** The top level, by name: the tree's first request; each opened folder adds one for its children. */
const TOP_LEVEL = { parent_id: 'root', sort_by: 'name', sort_order: 'asc' } as const;

interface TreeState {
  currentId: number | null;
  /** The one item reachable with Tab (roving focus). */
  tabStop: number | null;
  expanded: ReadonlySet<number>;
  toggle(id: number, open: boolean): void;
  focus(id: number): void;
  dropInto(folder: Folder, items: ItemIds): void;
}

const Tree = createContext<TreeState | null>(null);

function useTree(): TreeState {
  const tree = useContext(Tree);
  if (!tree) throw new Error('A tree node outside its tree');
  return tree;
}

const ROW = 'flex min-w-0 items-center gap-1 rounded-md py-1 pr-2 text-sm transition-colors';

function TreeNode({ folder, level, position, size }: { folder: Folder; level: number; position: number; size: number }) {
  const tree = useTree();
  const open = tree.expanded.has(folder.id);
  const hasChildren = folder.subfolder_count > 0;
  const current = folder.id === tree.currentId;
  const { over, dropHandlers } = useItemDrop((items) => tree.dropInto(folder, items));
  const Icon = open && hasChildren ? FolderOpen : FolderIcon;
  return (
    <li
      role="treeitem"
      aria-level={level}
      aria-posinset={position}
      aria-setsize={size}
      aria-selected={current}
      {...(hasChildren ? { 'aria-expanded': open } : {})}
      data-folder-id={folder.id}
      tabIndex={folder.id === tree.tabStop ? 0 : -1}
      aria-label={folder.name}
      onFocus={(event) => {
        // Focus inside a nested item is that item's.
        if ((event.target as HTMLElement).closest('[role="treeitem"]') === event.currentTarget) tree.focus(folder.id);
      }}
      className="group/node rounded-md outline-none [&:focus-visible>div]:outline-2 [&:focus-visible>div]:-outline-offset-2 [&:focus-visible>div]:outline-accent-600"
    >
      <div
        {...dropHandlers}
        className={clsx(
          ROW,
          over ? 'bg-accent-100 text-accent-900 ring-2 ring-accent-500/60 ring-inset' : current ? 'bg-accent-50 font-medium text-accent-800' : 'text-slate-700 hover:bg-slate-100',
        )}
        style={{ paddingLeft: `${(level - 1) * 0.875 + 0.25}rem` }}
      >
        {hasChildren ? (
          // The mouse's way to open and close; keyboards use the arrows on the item itself.
          <span
            aria-hidden="true"
            data-testid={`toggle-${folder.id}`}
            onClick={() => tree.toggle(folder.id, !open)}
            className="flex size-5 shrink-0 cursor-pointer items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-800"
          >
            <ChevronRight className={clsx('size-3.5 transition-transform', open && 'rotate-90')} />
          </span>
        ) : (
          <span aria-hidden="true" className="size-5 shrink-0" />
        )}
        <Link
          to={`/folders/${folder.id}`}
          tabIndex={-1}
          {...(current ? { 'aria-current': 'page' as const } : {})}
          className="flex min-w-0 flex-1 items-center gap-1.5 rounded-sm focus:outline-none"
          title={folder.name}
        >
          <Icon aria-hidden="true" className={clsx('size-4 shrink-0', current ? 'text-accent-700' : 'text-slate-400 group-hover/node:text-accent-600')} />
          <span className="truncate">{folder.name}</span>
        </Link>
      </div>
      {open && hasChildren && <Children parent={folder} level={level + 1} />}
    </li>
  );
}

/** A folder's children, fetched when it is first opened. */
function Children({ parent, level }: { parent: Folder; level: number }) {
  const { t } = useTranslation('browse');
  const children = useSubfolders(parent.id);
  const folders = children.data?.folders ?? [];
  return (
    <ul role="group" aria-label={parent.name}>
      {children.isPending && (
        <li role="none" className="flex items-center gap-2 py-1 text-xs text-slate-500" style={{ paddingLeft: `${level * 0.875 + 0.5}rem` }}>
          <Spinner className="size-3" />
          {t('tree.loading')}
        </li>
      )}
      {children.isError && (
        <li role="none" className="py-1 text-xs text-red-700" style={{ paddingLeft: `${level * 0.875 + 0.5}rem` }}>
          {t('tree.failed')}
        </li>
      )}
      {folders.map((folder, i) => (
        <TreeNode key={folder.id} folder={folder} level={level} position={i + 1} size={folders.length} />
      ))}
    </ul>
  );
}

const itemsOf = (tree: HTMLElement) => [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];

export interface FolderTreeProps {
  /** The folder on screen, highlighted and opened with the folders above it. Null: none of the caller's. */
  current: Pick<Folder, 'id' | 'path'> | null;
  /** Whose tree it is: what is open is remembered for each user. */
  userId: number;
}

/**
 * The caller's folders as a tree beside the list (the WAI-ARIA tree pattern):
 * top-level folders first, each folder's children fetched when it is opened,
 * which folders are open remembered. A click or Enter opens a folder's page;
 * arrows move and open or close, Home and End jump. Each folder, and the
 * "Folders" heading for the top level, takes dragged files and folders.
 */
export function FolderTree({ current, userId }: FolderTreeProps) {
  const { t } = useTranslation('browse');
  const { t: tm } = useTranslation('manage');
  const navigate = useNavigate();
  const top = useFolderList(TOP_LEVEL);
  const { expanded, toggle, expand } = useExpandedFolders(userId);
  const moveInto = useMoveInto();
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const ref = useRef<HTMLUListElement>(null);
  const rootDrop = useItemDrop((items) => moveInto(null, tm('move.root'), items));

  // The folder on screen and those above it open (its page already fetched its subfolders: no extra request).
  const pathKey = current?.path.map((c) => c.id).join('/') ?? '';
  useEffect(() => {
    if (pathKey) expand(pathKey.split('/').map(Number));
  }, [pathKey, expand]);

  // The focused folder went (closed away, moved, deleted): the tab stop returns to the open or first folder.
  useEffect(() => {
    if (focusedId !== null && !ref.current?.querySelector(`[data-folder-id="${focusedId}"]`)) setFocusedId(null);
  });

  const folders = top.data?.folders ?? [];
  const state: TreeState = {
    currentId: current?.id ?? null,
    tabStop: focusedId ?? current?.id ?? folders[0]?.id ?? null,
    expanded,
    toggle,
    focus: setFocusedId,
    dropInto: (folder, items) => moveInto(folder.id, folder.name, items),
  };

  const moveFocus = (item: HTMLElement | null | undefined) => {
    if (!item) return;
    setFocusedId(Number(item.dataset.folderId));
    item.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    if (!item || !ref.current) return;
    const items = itemsOf(ref.current);
    const index = items.indexOf(item);
    const id = Number(item.dataset.folderId);
    const state = item.getAttribute('aria-expanded');
    switch (event.key) {
      case 'ArrowDown':
        moveFocus(items[index + 1]);
        break;
      case 'ArrowUp':
        moveFocus(items[index - 1]);
        break;
      case 'Home':
        moveFocus(items[0]);
        break;
      case 'End':
        moveFocus(items.at(-1));
        break;
      case 'ArrowRight':
        if (state === 'false') toggle(id, true);
        else if (state === 'true') moveFocus(item.querySelector<HTMLElement>('[role="treeitem"]'));
        break;
      case 'ArrowLeft':
        if (state === 'true') toggle(id, false);
        else moveFocus(item.parentElement?.closest<HTMLElement>('[role="treeitem"]'));
        break;
      case 'Enter':
        void navigate(`/folders/${id}`);
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  return (
    <nav aria-label={t('tree.label')} className="rounded-xl border border-slate-200 bg-surface p-2 shadow-card">
      <Link
        to="/folders"
        {...rootDrop.dropHandlers}
        className={clsx(
          'mb-1 flex items-center gap-2 rounded-md px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-500 uppercase hover:text-accent-700 focus-visible:outline-2 focus-visible:outline-accent-600',
          rootDrop.over && 'bg-accent-100 text-accent-900 ring-2 ring-accent-500/60 ring-inset',
        )}
      >
        <FolderTreeIcon aria-hidden="true" className="size-4" />
        {t('tree.heading')}
      </Link>
      {top.isPending ? (
        <p role="status" className="flex items-center gap-2 px-2 py-1 text-xs text-slate-500">
          <Spinner className="size-3" />
          {t('tree.loading')}
        </p>
      ) : top.isError ? (
        <p className="px-2 py-1 text-xs text-red-700">{t('tree.failed')}</p>
      ) : folders.length === 0 ? (
        <p className="px-2 py-1 text-xs text-slate-500">{t('tree.empty')}</p>
      ) : (
        <Tree.Provider value={state}>
          <ul ref={ref} role="tree" aria-label={t('tree.heading')} onKeyDown={onKeyDown}>
            {folders.map((folder, i) => (
              <TreeNode key={folder.id} folder={folder} level={1} position={i + 1} size={folders.length} />
            ))}
          </ul>
        </Tree.Provider>
      )}
    </nav>
  );
}

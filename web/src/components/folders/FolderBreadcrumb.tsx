import { useTranslation } from 'react-i18next';
import { Fragment } from 'react';
import { Link } from 'react-router';
import clsx from 'clsx';
import { ChevronRight } from 'lucide-react';
import type { Folder } from '@vault/contract';
import type { ItemIds } from '../../api/manage';
import { useItemDrop } from '../manage/drag';

export interface FolderBreadcrumbProps {
  path: Folder['path'];
  /** A first crumb before the folders, e.g. Folders -> /folders for signed-in users. */
  root?: { label: string; to: string };
  linkOf?: (id: number) => string;
  /**
   * Items dropped onto a crumb go into that folder; the first crumb, when
   * given as `root`, stands for the top level (null). The current folder is
   * no target.
   */
  onDropItems?: (folderId: number | null, name: string, items: ItemIds) => void;
}

const LINK = 'rounded-sm text-slate-600 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600';

function Crumb({ label, to, onDrop }: { label: string; to: string; onDrop: ((items: ItemIds) => void) | undefined }) {
  const { over, dropHandlers } = useItemDrop(onDrop);
  return (
    <Link to={to} className={clsx(LINK, over && 'rounded-md bg-accent-50 px-1.5 text-accent-800 ring-2 ring-accent-500/50 ring-inset')} {...dropHandlers}>
      {label}
    </Link>
  );
}

/** Where a folder sits, root first; the last crumb is the current page. A lone crumb would only repeat the title. */
export function FolderBreadcrumb({ path, root, linkOf = (id) => `/folders/${id}`, onDropItems }: FolderBreadcrumbProps) {
  const { t } = useTranslation('folders');
  const crumbs = [
    ...(root ? [{ key: 'root', label: root.label, to: root.to, folderId: null }] : []),
    ...path.map((c) => ({ key: String(c.id), label: c.name, to: linkOf(c.id), folderId: c.id })),
  ];
  if (crumbs.length < 2) return null;
  return (
    <nav aria-label={t('breadcrumb')} className="mb-4">
      <ol className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
        {crumbs.map((crumb, i) => (
          <Fragment key={crumb.key}>
            {i > 0 && <ChevronRight aria-hidden="true" className="size-3.5 shrink-0 text-slate-400" />}
            <li className="max-w-[16rem] min-w-0 truncate">
              {i === crumbs.length - 1 ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {crumb.label}
                </span>
              ) : (
                <Crumb label={crumb.label} to={crumb.to} onDrop={onDropItems && ((items) => onDropItems(crumb.folderId, crumb.label, items))} />
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

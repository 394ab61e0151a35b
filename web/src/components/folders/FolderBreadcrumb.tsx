import { useTranslation } from 'react-i18next';
import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import type { Folder } from '@vault/contract';

export interface FolderBreadcrumbProps {
  path: Folder['path'];
  /** A first crumb before the folders, e.g. Folders -> /folders for signed-in users. */
  root?: { label: string; to: string };
  linkOf?: (id: number) => string;
}

const LINK = 'rounded-sm text-slate-600 hover:text-accent-700 hover:underline focus-visible:outline-2 focus-visible:outline-accent-600';

/** Where a folder sits, root first; the last crumb is the current page. A lone crumb would only repeat the title. */
export function FolderBreadcrumb({ path, root, linkOf = (id) => `/folders/${id}` }: FolderBreadcrumbProps) {
  const { t } = useTranslation('folders');
  const crumbs = [...(root ? [{ key: 'root', label: root.label, to: root.to }] : []), ...path.map((c) => ({ key: String(c.id), label: c.name, to: linkOf(c.id) }))];
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
                <Link to={crumb.to} className={LINK}>
                  {crumb.label}
                </Link>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

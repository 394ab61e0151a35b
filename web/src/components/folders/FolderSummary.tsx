import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Calendar, FileText, FolderOpen, HardDrive, User } from 'lucide-react';
import type { Folder } from '@vault/contract';
import { formatDate, formatFileSize } from '../../lib/format';
import { VisibilityBadge } from '../ui/VisibilityBadge';

/** The folder page header: name, file count, size, created date, visibility badge. */
export function FolderSummary({ folder, showOwner = false, actions }: { folder: Folder; showOwner?: boolean; actions?: ReactNode }) {
  const { t } = useTranslation('folders');
  const facts = [
    { icon: FileText, text: t('count.files', { count: folder.file_count }) },
    { icon: HardDrive, text: formatFileSize(folder.folder_size) },
    { icon: Calendar, text: t('createdOn', { date: formatDate(folder.created_at) }) },
    ...(showOwner ? [{ icon: User, text: t('ownedBy', { username: folder.username }) }] : []),
  ];
  return (
    <header className="mb-8 flex flex-wrap items-start justify-between gap-4">
      <div className="flex min-w-0 items-start gap-4">
        <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700 ring-1 ring-accent-100">
          <FolderOpen aria-hidden="true" className="size-6" />
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5">
            <h1 className="min-w-0 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{folder.name}</h1>
            <VisibilityBadge visibility={folder.visibility} />
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            {facts.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-1.5">
                <Icon aria-hidden="true" className="size-4 text-slate-400" />
                {text}
              </li>
            ))}
          </ul>
        </div>
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}

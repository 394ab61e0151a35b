import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { FolderOpen, FolderPlus } from 'lucide-react';
import type { Folder } from '@vault/contract';
import { useFolderOptions, useFolderSearch } from '../api/folders';
import { CreateFolderCard } from '../components/folders/CreateFolderCard';
import { DeleteFolderDialog } from '../components/folders/DeleteFolderDialog';
import { EditFolderDialog } from '../components/folders/EditFolderDialog';
import { SharedFoldersCard } from '../components/folders/SharedFoldersCard';
import { FolderFilterBar } from '../components/folders/FolderFilterBar';
import { FolderGrid } from '../components/folders/FolderGrid';
import { useFolderManagement } from '../components/manage/use-folder-management';
import { isFiltered, toCriteria, useFolderFilters } from '../components/folders/use-folder-filters';
import { Badge } from '../components/ui/Badge';
import { Button } from '../components/ui/Button';
import { Card, CardContent, CardHeader } from '../components/ui/Card';
import { EmptyState } from '../components/ui/EmptyState';
import { PageHeader } from '../components/ui/PageHeader';
import { QueryState } from '../components/ui/QueryState';
import { useDocumentTitle } from '../lib/use-document-title';
import { useShortcutAction } from '../components/layout/KeyboardShortcuts';

export function FoldersPage() {
  const { t } = useTranslation('folders');
  useDocumentTitle(t('foldersDocumentTitle'));
  const { filters, setFilters } = useFolderFilters();
  const criteria = toCriteria(filters);
  const list = useFolderSearch(criteria);
  const parents = useFolderOptions();
  // The n shortcut pressed elsewhere comes here with the form to open.
  const location = useLocation();
  const [creating, setCreating] = useState(() => (location.state as { newFolder?: boolean } | null)?.newFolder === true);
  useShortcutAction('newFolder', () => setCreating(true));
  const [editing, setEditing] = useState<Folder | null>(null);
  const [deleting, setDeleting] = useState<Folder | null>(null);
  const cards = useFolderManagement({ onDelete: setDeleting });

  return (
    <>
      <PageHeader
        title={t('folders')}
        description={t('organiseYourFilesInFolders')}
        actions={
          !creating && (
            <Button onClick={() => setCreating(true)}>
              <FolderPlus aria-hidden="true" className="size-4" />
              {t('newFolder')}
            </Button>
          )
        }
      />
      {creating && <CreateFolderCard options={parents.data ?? []} onClose={() => setCreating(false)} />}
      <FolderFilterBar filters={filters} onChange={setFilters} searching={list.isFetching && list.isPlaceholderData} />
      <Card aria-labelledby="all-folders-title">
        <CardHeader
          title={
            <span id="all-folders-title" className="flex items-center gap-2">
              {t('allFolders')} <Badge tone="accent">{list.data?.total ?? 0}</Badge>
            </span>
          }
          description={list.data ? t('foldersFound', { count: list.data.total }) : t('loadingFoldersEllipsis')}
        />
        <CardContent className="py-5">
          <QueryState query={list} loading={t('loadingFolders')} failed={t('failedToLoadFolders')}>
            {({ folders }) => (
              <FolderGrid
                label={t('folders')}
                folders={folders}
                showLocation
                starrable
                onEdit={setEditing}
                onDelete={setDeleting}
                menu={cards.menu}
                onDropItems={cards.dropInto}
                empty={
                  <EmptyState
                    icon={FolderOpen}
                    title={t('noFoldersFound')}
                    description={isFiltered(filters) ? t('noFolderMatches') : t('createFirstFolder')}
                    action={
                      !creating && !isFiltered(filters) ? (
                        <Button onClick={() => setCreating(true)}>
                          <FolderPlus aria-hidden="true" className="size-4" />
                          {t('newFolder')}
                        </Button>
                      ) : undefined
                    }
                  />
                }
              />
            )}
          </QueryState>
        </CardContent>
      </Card>
      <SharedFoldersCard />
      <EditFolderDialog folder={editing} onClose={() => setEditing(null)} />
      <DeleteFolderDialog folder={deleting} onClose={() => setDeleting(null)} />
      {cards.dialogs}
    </>
  );
}

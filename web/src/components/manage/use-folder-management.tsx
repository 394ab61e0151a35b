import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '@vault/contract';
import { useRenameFolder, type ItemIds } from '../../api/manage';
import type { FolderMenu } from '../folders/FolderCard';
import { folderShareTarget, ShareModal } from '../sharing/ShareModal';
import { MoveDialog } from './MoveDialog';
import { useMoveInto } from './use-move-into';

/**
 * The owner's management of folder cards: each card's menu (rename in place,
 * move through the folder picker, share, delete as the page does it) and
 * items dropped onto a card moved into it.
 */
export function useFolderManagement({ onDelete }: { onDelete(folder: Folder): void }) {
  const { t } = useTranslation('manage');
  const rename = useRenameFolder();
  const moveInto = useMoveInto();
  const [moving, setMoving] = useState<Folder | null>(null);
  const [sharing, setSharing] = useState<Folder | null>(null);

  const menu: FolderMenu = {
    rename: (folder, name) => rename.mutateAsync({ id: folder.id, name }),
    move: setMoving,
    share: setSharing,
    delete: onDelete,
  };
  const dropInto = (folder: Folder, items: ItemIds) => moveInto(folder.id, folder.name, items);
  const dialogs: ReactNode = (
    <>
      <MoveDialog
        items={moving && { file_ids: [], folder_ids: [moving.id] }}
        title={moving ? t('move.titleOne', { name: moving.name }) : ''}
        current={moving?.parent_id ?? null}
        onClose={() => setMoving(null)}
      />
      {sharing && <ShareModal open onOpenChange={(open) => !open && setSharing(null)} target={folderShareTarget(sharing)} />}
    </>
  );
  return { menu, dropInto, dialogs };
}

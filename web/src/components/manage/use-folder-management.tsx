import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Folder } from '@vault/contract';
import { useRenameFolder, type ItemIds } from '../../api/manage';
import { folderShareTarget, ShareModal } from '../sharing/ShareModal';
import { MoveDialog } from './MoveDialog';
import { useMoveInto } from './use-move-into';

/** A folder card's owner menu. */
export interface FolderMenu {
  /** Saves a new name; a rejection's message shows under the field. */
  rename(folder: Folder, name: string): Promise<unknown>;
  move(folder: Folder): void;
  copy(folder: Folder): void;
  share(folder: Folder): void;
  delete(folder: Folder): void;
}

/**
 * The owner's management of folder cards: each card's menu (rename in place,
 * move or copy through the folder picker, share, delete as the page does it) and
 * items dropped onto a card moved into it.
 */
export function useFolderManagement({ onDelete }: { onDelete(folder: Folder): void }) {
  const { t } = useTranslation('manage');
  const rename = useRenameFolder();
  const moveInto = useMoveInto();
  const [placing, setPlacing] = useState<{ action: 'move' | 'copy'; folder: Folder } | null>(null);
  const [sharing, setSharing] = useState<Folder | null>(null);

  const menu: FolderMenu = {
    rename: (folder, name) => rename.mutateAsync({ id: folder.id, name }),
    move: (folder) => setPlacing({ action: 'move', folder }),
    copy: (folder) => setPlacing({ action: 'copy', folder }),
    share: setSharing,
    delete: onDelete,
  };
  const dropInto = (folder: Folder, items: ItemIds) => moveInto(folder.id, folder.name, items);
  const dialogs: ReactNode = (
    <>
      <MoveDialog
        {...(placing ? { action: placing.action } : {})}
        items={placing && { file_ids: [], folder_ids: [placing.folder.id] }}
        title={placing ? t(placing.action === 'copy' ? 'copy.titleOne' : 'move.titleOne', { name: placing.folder.name }) : ''}
        current={placing?.folder.parent_id ?? null}
        onClose={() => setPlacing(null)}
      />
      {sharing && <ShareModal open onOpenChange={(open) => !open && setSharing(null)} target={folderShareTarget(sharing)} />}
    </>
  );
  return { menu, dropInto, dialogs };
}

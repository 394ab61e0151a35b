import { useTranslation } from 'react-i18next';
import { Share2 } from 'lucide-react';
import type { FileItem, Folder } from '@vault/contract';
import { shareLink } from '../../lib/clipboard';
import { FileSizeAndDate } from '../file-summary/FileSizeAndDate';
import { Button } from '../ui/Button';
import { CopyLinkButton } from './CopyLinkButton';
import { fileShareTarget, folderShareTarget, type ShareTarget } from './ShareModal';
import { fileRow, folderMeta, folderRow } from './sharing-rows';
import { SharingList } from './SharingList';
import type { ByVisibility } from './use-sharing-overview';

function ShareButton({ target, onShare }: { target: ShareTarget; onShare(target: ShareTarget): void }) {
  const { t } = useTranslation('sharing');
  return (
    <Button variant="secondary" size="sm" onClick={() => onShare(target)} aria-label={t('shareName', { name: target.name })}>
      <Share2 aria-hidden="true" className="size-4" />
      {t('share')}
    </Button>
  );
}

export interface OwnSharesProps {
  files: ByVisibility<FileItem>;
  folders: ByVisibility<Folder>;
  /** Opens the share dialog on a private file or folder. */
  onShare(target: ShareTarget): void;
}

/** The caller's public items with Copy Link, and private ones with Share. */
export function OwnShares({ files, folders, onShare }: OwnSharesProps) {
  const { t } = useTranslation('sharing');
  const publicFiles = files.public?.map((f) => fileRow(f, <FileSizeAndDate file={f} />, <CopyLinkButton url={shareLink('files', f.id)} label={f.original_name} />));
  const privateFiles = files.private?.map((f) => fileRow(f, <FileSizeAndDate file={f} />, <ShareButton target={fileShareTarget(f)} onShare={onShare} />));
  const publicFolders = folders.public?.map((f) => folderRow(f, folderMeta(f), <CopyLinkButton url={shareLink('folders', f.id)} label={f.name} />));
  const privateFolders = folders.private?.map((f) => folderRow(f, folderMeta(f), <ShareButton target={folderShareTarget(f)} onShare={onShare} />));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SharingList title={t('publicFiles')} description={t('anyoneWithTheLinkCan')} items={publicFiles} empty={t('noPublicFiles')} />
      <SharingList title={t('publicFolders')} description={t('everythingInsideIsPublicToo')} items={publicFolders} empty={t('noPublicFolders')} />
      <SharingList title={t('privateFiles')} description={t('onlyYouAndThePeople')} items={privateFiles} empty={t('noPrivateFiles')} />
      <SharingList title={t('privateFolders')} description={t('shareAFolderToShare')} items={privateFolders} empty={t('noPrivateFolders')} />
    </div>
  );
}

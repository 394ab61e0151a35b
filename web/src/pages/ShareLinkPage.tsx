import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Download, FolderOpen, UserRound } from 'lucide-react';
import { isPreviewable, type LinkView } from '@vault/contract';
import { useLinkAccess, type LinkAccess } from '../api/link-grants';
import { linkDownloadUrl, linkFileUrl, useLinkView } from '../api/links';
import { LinkFolderTree } from '../components/links/LinkFolderTree';
import { LinkGate } from '../components/links/LinkGate';
import { FilePreview } from '../components/files/FilePreview';
import { FileTypeIcon } from '../components/file-summary/FileTypeIcon';
import { useLinkPreviewUrl } from '../components/files/use-preview-url';
import { buttonClasses } from '../components/ui/Button';
import { Card } from '../components/ui/Card';
import { formatDate, formatFileSize } from '../lib/format';
import { useDocumentTitle } from '../lib/use-document-title';

function Facts({ view, size, kind }: { view: LinkView; size: number; kind: string }) {
  const { t } = useTranslation('links');
  return (
    <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-500">
      <li>{formatFileSize(size)}</li>
      <li>{kind}</li>
      <li className="flex items-center gap-1">
        <UserRound aria-hidden="true" className="size-3.5" />
        {t('view.sharedBy', { owner: view.owner })}
      </li>
      {view.expires_at && <li>{t('view.until', { date: formatDate(view.expires_at) })}</li>}
      {view.downloads_left !== null && <li>{t('view.downloadsLeft', { count: view.downloads_left })}</li>}
    </ul>
  );
}

function DownloadButton({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} download className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

type ItemOf<T extends LinkView['item']['type']> = Extract<LinkView['item'], { type: T }>;

interface ItemProps<T extends LinkView['item']['type']> {
  token: string;
  access: LinkAccess;
  view: LinkView;
  item: ItemOf<T>;
}

function SharedFile({ token, access, view, item: { file } }: ItemProps<'file'>) {
  const { t } = useTranslation('links');
  const canPreview = view.allow_preview && isPreviewable(file.mime_type);
  // The preview is read once; a player asks for its address again (with the freshest grant) when a range is refused.
  const preview = useLinkPreviewUrl(canPreview ? `${token}:${file.id}` : null, () => linkFileUrl(token, file.id, access.latest(), true), {
    mime_type: file.mime_type,
    file_size: file.size,
  });
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:p-6">
        <FileTypeIcon mime={file.mime_type} />
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold break-words text-slate-900">{file.name}</h1>
          <Facts view={view} size={file.size} kind={file.mime_type} />
        </div>
        <DownloadButton href={linkDownloadUrl(token, access.grant)} label={t('view.download')} />
      </div>
      {canPreview && (
        <div className="border-t border-slate-100 bg-slate-50 p-3 sm:p-4">
          <FilePreview file={{ original_name: file.name, mime_type: file.mime_type }} preview={preview} />
        </div>
      )}
    </Card>
  );
}

function SharedFolder({ token, access, view, item: { folder, folders, files, size, truncated } }: ItemProps<'folder'>) {
  const { t } = useTranslation('links');
  const empty = files.length === 0 && folders.length === 0;
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-4 border-b border-slate-100 p-5 sm:flex-row sm:items-center sm:p-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600 ring-1 ring-amber-600/20 ring-inset">
          <FolderOpen aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="text-lg font-semibold break-words text-slate-900">{folder.name}</h1>
          <Facts view={view} size={size} kind={`${t('view.files', { count: files.length })}${truncated ? '+' : ''}`} />
        </div>
        {/* An empty folder has nothing to download: its zip would hold nothing. */}
        {!empty && <DownloadButton href={linkDownloadUrl(token, access.grant)} label={t('view.downloadAll')} />}
      </div>
      <div className="px-5 py-3 sm:px-6">
        {empty ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('view.empty')}</p>
        ) : (
          <LinkFolderTree token={token} grant={access.grant} rootId={folder.id} folders={folders} files={files} />
        )}
        {truncated && <p className="py-3 text-xs text-slate-500">{t('view.truncated')}</p>}
      </div>
    </Card>
  );
}

/** /s/{token}: what a share link opens, for anyone who has it. */
export function ShareLinkPage() {
  const { t } = useTranslation('links');
  useDocumentTitle(t('view.title'));
  const token = useParams().token ?? '';
  const access = useLinkAccess('s', token);
  const view = useLinkView(token, access);
  return (
    <LinkGate kind="s" token={token} query={view} onGrant={access.unlocked}>
      {(data) =>
        data.item.type === 'file' ? (
          <SharedFile token={token} access={access} view={data} item={data.item} />
        ) : (
          <SharedFolder token={token} access={access} view={data} item={data.item} />
        )
      }
    </LinkGate>
  );
}

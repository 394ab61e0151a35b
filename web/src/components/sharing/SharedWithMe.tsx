import { Link } from 'react-router';
import { Download, ExternalLink } from 'lucide-react';
import type { SharedWithMeResponse } from '@vault/contract';
import { useFileDownload } from '../../api/files';
import { formatFileSize } from '../../lib/format';
import { Button, buttonClasses } from '../ui/Button';
import { fileRow, folderMeta, folderRow } from './sharing-rows';
import { SharingList } from './SharingList';

function OpenLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className={buttonClasses('ghost', 'sm')} aria-label={`Open ${name}`}>
      <ExternalLink aria-hidden="true" className="size-4" />
      <span className="max-sm:sr-only">Open</span>
    </Link>
  );
}

/** What other users shared with the caller by name, with its owner; undefined while it loads. */
export function SharedWithMe({ shared }: { shared: SharedWithMeResponse | undefined }) {
  const { download, pendingId } = useFileDownload('account');
  const files = shared?.files.map((f) =>
    fileRow(
      f,
      `Shared by ${f.username} · ${formatFileSize(f.file_size)}`,
      <>
        <OpenLink to={`/files/${f.id}`} name={f.original_name} />
        <Button variant="secondary" size="sm" onClick={() => void download(f)} loading={pendingId === f.id} aria-label={`Download ${f.original_name}`}>
          {pendingId !== f.id && <Download aria-hidden="true" className="size-4" />}
          <span className="max-sm:sr-only">Download</span>
        </Button>
      </>,
    ),
  );
  const folders = shared?.folders.map((f) => folderRow(f, `Shared by ${f.username} · ${folderMeta(f)}`, <OpenLink to={`/folders/${f.id}`} name={f.name} />));
  return (
    <section aria-labelledby="shared-with-me-title" className="mt-10">
      <h2 id="shared-with-me-title" className="text-xl font-semibold tracking-tight text-slate-900">
        Shared with me
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">Files and folders other people shared with you by name.</p>
      <div className="grid gap-6 lg:grid-cols-2">
        <SharingList title="Files shared with me" description="Open, preview or download them." items={files} empty="Nobody has shared a file with you yet." />
        <SharingList title="Folders shared with me" description="Everything inside is yours to read." items={folders} empty="Nobody has shared a folder with you yet." />
      </div>
    </section>
  );
}

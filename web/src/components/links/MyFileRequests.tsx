import { useState } from 'react';
import { Inbox, Plus, XCircle } from 'lucide-react';
import { useCloseFileRequest, useFileRequests } from '../../api/links';
import { Button } from '../ui/Button';
import { SharingList } from '../sharing/SharingList';
import { CopyAddressButton } from './CopyAddressButton';
import { CreateFileRequestDialog } from './CreateFileRequestDialog';
import { fileRequestFacts } from './link-facts';
import { LinkStateBadge } from './LinkStateBadge';

/** The sharing page's "File requests": upload-only links into the user's folders. */
export function MyFileRequests() {
  const requests = useFileRequests();
  const close = useCloseFileRequest();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <SharingList
        title="File requests"
        description="Links where anyone can send you files, into one of your folders. They never see what is in it."
        empty="No file requests yet."
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" className="size-4" />
            New file request
          </Button>
        }
        items={requests.data?.map((request) => ({
          key: String(request.id),
          icon: <Inbox aria-hidden="true" className="size-5 shrink-0 text-slate-400" />,
          name: request.label ? `${request.label} → ${request.folder.name}` : `Into ${request.folder.name}`,
          meta: (
            <>
              <LinkStateBadge state={request.state} closedLabel="Closed" /> {fileRequestFacts(request)}
            </>
          ),
          action: (
            <>
              {request.state === 'active' && <CopyAddressButton path={request.path} />}
              {request.state !== 'revoked' && (
                <Button variant="ghost" size="sm" aria-label={`Close request into ${request.folder.name}`} onClick={() => close.mutate(request.id)}>
                  <XCircle aria-hidden="true" className="size-4" />
                  Close
                </Button>
              )}
            </>
          ),
        }))}
      />
      <CreateFileRequestDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

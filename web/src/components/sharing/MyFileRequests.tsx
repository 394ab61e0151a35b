import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox, Plus, XCircle } from 'lucide-react';
import { useCloseFileRequest, useFileRequests } from '../../api/links';
import { Button } from '../ui/Button';
import { FactLine } from '../ui/FactLine';
import { SharingList } from './SharingList';
import { CopyAddressButton } from '../links/CopyAddressButton';
import { CreateFileRequestDialog } from '../links/CreateFileRequestDialog';
import { fileRequestFacts } from '../links/link-facts';
import { LinkStateBadge } from '../links/LinkStateBadge';
import { RemoveEndedButton, RemoveLinkButton } from '../links/RemoveEndedLinks';

/** The sharing page's "File requests": upload-only links into the user's folders. */
export function MyFileRequests() {
  const { t } = useTranslation('links');
  const requests = useFileRequests();
  const close = useCloseFileRequest();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <SharingList
        title={t('requests.title')}
        description={t('requests.description')}
        empty={t('requests.empty')}
        actions={
          <>
            {requests.data && <RemoveEndedButton kind="request" items={requests.data} />}
            <Button size="sm" onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" className="size-4" />
              {t('requests.new')}
            </Button>
          </>
        }
        items={requests.data?.map((request) => ({
          key: String(request.id),
          icon: <Inbox aria-hidden="true" className="size-5 shrink-0 text-slate-400" />,
          name: request.label ? t('requests.named', { label: request.label, folder: request.folder.name }) : t('requests.into', { folder: request.folder.name }),
          meta: (
            <>
              <LinkStateBadge state={request.state} closed /> <FactLine facts={fileRequestFacts(request)} />
            </>
          ),
          action: (
            <>
              {request.state === 'active' && <CopyAddressButton path={request.path} />}
              {request.state !== 'revoked' && (
                <Button variant="ghost" size="sm" aria-label={t('requests.closeNamed', { folder: request.folder.name })} onClick={() => close.mutate(request.id)}>
                  <XCircle aria-hidden="true" className="size-4" />
                  {t('requests.close')}
                </Button>
              )}
              {request.state !== 'active' && <RemoveLinkButton kind="request" id={request.id} target={request.folder.name} />}
            </>
          ),
        }))}
      />
      <CreateFileRequestDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { File, Folder } from 'lucide-react';
import type { ShareLink } from '@vault/contract';
import { useShareLinks } from '../../api/links';
import { Dialog } from '../ui/Dialog';
import { FactLine } from '../ui/FactLine';
import { SharingList } from './SharingList';
import { CopyAddressButton } from '../links/CopyAddressButton';
import { shareLinkFacts } from '../links/link-facts';
import { EditLinkButton, RevokeLinkButton } from '../links/LinkRowButtons';
import { LinkStateBadge } from '../links/LinkStateBadge';
import { RemoveEndedButton, RemoveLinkButton } from '../links/RemoveEndedLinks';
import { ShareLinkForm } from '../links/ShareLinkForm';

/** The sharing page's "Links": every share link of the user's, with its state and counts. */
export function MyShareLinks() {
  const { t } = useTranslation('links');
  const links = useShareLinks();
  const [editing, setEditing] = useState<ShareLink>();
  return (
    <>
      <SharingList
        title={t('mine.title')}
        description={t('mine.description')}
        empty={t('mine.empty')}
        actions={links.data && <RemoveEndedButton kind="share" items={links.data} />}
        items={links.data?.map((link) => {
          const Icon = link.item.type === 'file' ? File : Folder;
          return {
            key: String(link.id),
            icon: <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />,
            name: link.label ? `${link.label} · ${link.item.name}` : link.item.name,
            meta: (
              <>
                <LinkStateBadge state={link.state} /> <FactLine facts={shareLinkFacts(link)} />
              </>
            ),
            action: (
              <>
                {link.state === 'active' && <CopyAddressButton path={link.path} />}
                {link.state !== 'revoked' && <EditLinkButton label={t('editLinkTo', { name: link.item.name })} onClick={() => setEditing(link)} />}
                {link.state !== 'revoked' && <RevokeLinkButton id={link.id} label={t('revokeLinkTo', { name: link.item.name })} />}
                {link.state !== 'active' && <RemoveLinkButton kind="share" id={link.id} target={link.item.name} />}
              </>
            ),
          };
        })}
      />
      <Dialog open={editing !== undefined} onOpenChange={(open) => !open && setEditing(undefined)} title={t('form.editTitle', { name: editing?.item.name ?? '' })}>
        {editing && <ShareLinkForm item={{ type: editing.item.type, id: editing.item.id }} link={editing} onDone={() => setEditing(undefined)} />}
      </Dialog>
    </>
  );
}

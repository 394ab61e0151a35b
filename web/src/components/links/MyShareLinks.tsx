import { File, Folder, Trash2 } from 'lucide-react';
import { useRevokeShareLink, useShareLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { SharingList } from '../sharing/SharingList';
import { CopyAddressButton } from './CopyAddressButton';
import { shareLinkFacts } from './link-facts';
import { LinkStateBadge } from './LinkStateBadge';

/** The sharing page's "Links": every share link of the user's, with its state and counts. */
export function MyShareLinks() {
  const links = useShareLinks();
  const revoke = useRevokeShareLink();
  return (
    <SharingList
      title="Links"
      description="Share links to your files and folders, with their expiry, limits and use."
      empty="No share links yet. Create one from a file's or folder's Share dialog."
      items={links.data?.map((link) => {
        const Icon = link.item.type === 'file' ? File : Folder;
        return {
          key: String(link.id),
          icon: <Icon aria-hidden="true" className="size-5 shrink-0 text-slate-400" />,
          name: link.label ? `${link.label} · ${link.item.name}` : link.item.name,
          meta: (
            <>
              <LinkStateBadge state={link.state} /> {shareLinkFacts(link)}
            </>
          ),
          action: (
            <>
              {link.state === 'active' && <CopyAddressButton path={link.path} />}
              {link.state !== 'revoked' && (
                <Button variant="ghost" size="sm" aria-label={`Revoke link to ${link.item.name}`} onClick={() => revoke.mutate(link.id)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              )}
            </>
          ),
        };
      })}
    />
  );
}

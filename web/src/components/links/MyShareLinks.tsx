import { useTranslation } from 'react-i18next';
import { File, Folder, Trash2 } from 'lucide-react';
import { useRevokeShareLink, useShareLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { SharingList } from '../sharing/SharingList';
import { CopyAddressButton } from './CopyAddressButton';
import { shareLinkFacts } from './link-facts';
import { LinkStateBadge } from './LinkStateBadge';

/** The sharing page's "Links": every share link of the user's, with its state and counts. */
export function MyShareLinks() {
  const { t } = useTranslation('links');
  const links = useShareLinks();
  const revoke = useRevokeShareLink();
  return (
    <SharingList
      title={t('mine.title')}
      description={t('mine.description')}
      empty={t('mine.empty')}
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
                <Button variant="ghost" size="sm" aria-label={t('revokeLinkTo', { name: link.item.name })} onClick={() => revoke.mutate(link.id)}>
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

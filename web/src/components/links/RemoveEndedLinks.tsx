import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { ShareLink } from '@vault/contract';
import { useRemoveEndedLink, useRemoveEndedLinks } from '../../api/links';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';

/** "Remove" on a link that has ended (revoked, expired, used up): after asking, it leaves the list for good. */
export function RemoveLinkButton({ link, name }: { link: ShareLink; name: string }) {
  const { t } = useTranslation('links');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveEndedLink(() => setAsking(false));
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={t('removeNamed', { name })} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {/* On a phone the icon alone, so the link's name keeps its room. */}
        <span className="hidden sm:inline">{t('remove')}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('removeConfirm.title')}
        message={t('removeConfirm.message', { name: link.item.name })}
        confirmLabel={t('remove')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(link.id)}
      />
    </>
  );
}

/** "Remove ended links" over the whole list, shown while some have ended. */
export function RemoveEndedLinksButton({ links }: { links: readonly ShareLink[] }) {
  const { t } = useTranslation('links');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveEndedLinks(() => setAsking(false));
  const ended = links.filter((link) => link.state !== 'active').length;
  if (ended === 0) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t('removeEnded')}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t('removeEndedConfirm.title')}
        message={t('removeEndedConfirm.message', { count: ended })}
        confirmLabel={t('remove')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </>
  );
}

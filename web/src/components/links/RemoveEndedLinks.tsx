import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Trash2 } from 'lucide-react';
import type { LinkState } from '@vault/contract';
import { useRemoveEnded, type OwnLinkKind } from '../../api/links';
import { Button } from '../ui/Button';
import { ConfirmDialog } from '../ui/ConfirmDialog';

export interface RemoveLinkButtonProps {
  kind: OwnLinkKind;
  id: number;
  /** What the link opens (a share link's item) or fills (a request's folder), as the question names it. */
  target: string;
  /** The button's accessible name where the row names the link otherwise (the share dialog: by its label). */
  label?: string;
}

/** "Remove" on a share link or file request that has ended: after asking, it leaves its list for good. */
export function RemoveLinkButton({ kind, id, target, label }: RemoveLinkButtonProps) {
  const { t } = useTranslation('links');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveEnded(kind, () => setAsking(false));
  return (
    <>
      <Button variant="ghost" size="sm" aria-label={label ?? t(`ended.${kind}.removeNamed`, { name: target })} onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {/* On a phone the icon alone, so the link's name keeps its room. */}
        <span className="hidden sm:inline">{t('remove')}</span>
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t(`ended.${kind}.confirmTitle`)}
        message={t(`ended.${kind}.confirm`, { name: target })}
        confirmLabel={t('remove')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(id)}
      />
    </>
  );
}

/** "Remove ended links" (or requests) over a whole list, shown while some have ended. */
export function RemoveEndedButton({ kind, items }: { kind: OwnLinkKind; items: readonly { state: LinkState }[] }) {
  const { t } = useTranslation('links');
  const [asking, setAsking] = useState(false);
  const remove = useRemoveEnded(kind, () => setAsking(false));
  const ended = items.filter((item) => item.state !== 'active').length;
  if (ended === 0) return null;
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setAsking(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        {t(`ended.${kind}.removeAll`)}
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t(`ended.${kind}.confirmAllTitle`)}
        message={t(`ended.${kind}.confirmAll`, { count: ended })}
        confirmLabel={t('remove')}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => remove.mutate('all')}
      />
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { Link2Off, Pencil } from 'lucide-react';
import { useRevokeShareLink } from '../../api/links';
import { Button } from '../ui/Button';
import { IconButton } from '../ui/IconButton';

/** "Edit" on a share link's row: the pencil alone, named by its tooltip. */
export function EditLinkButton({ label, onClick }: { label: string; onClick(): void }) {
  const { t } = useTranslation('links');
  return <IconButton icon={Pencil} label={label} tooltip={t('edit')} onClick={onClick} />;
}

/**
 * "Revoke" on a share link's row. It ends the link at once, without asking (as the product says), so
 * it always reads "Revoke", on a phone too: an unnamed icon that ends a link at a tap was too easy to hit.
 */
export function RevokeLinkButton({ id, label }: { id: number; label: string }) {
  const { t } = useTranslation('links');
  const revoke = useRevokeShareLink();
  return (
    <Button variant="ghost" size="sm" aria-label={label} loading={revoke.isPending} onClick={() => revoke.mutate(id)}>
      <Link2Off aria-hidden="true" className="size-4" />
      {t('revoke')}
    </Button>
  );
}

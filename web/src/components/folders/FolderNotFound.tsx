import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { FolderX } from 'lucide-react';
import { EmptyState } from '../ui/EmptyState';

/** The not-found state: the same for a missing folder and one the visitor may not read. */
export function FolderNotFound({ action }: { action?: ReactNode }) {
  const { t } = useTranslation('folders');
  return (
    <EmptyState
      icon={FolderX}
      title={t('folderNotFound')}
      description={t('theFolderYouReLooking')}
      action={action}
      className="py-20"
    />
  );
}

import { useTranslation } from 'react-i18next';
import clsx from 'clsx';
import { useMediaQuery } from '../../lib/use-media-query';
import { ItemMenu, type MenuEntry } from '../manage/ItemMenu';
import { Button } from '../ui/Button';

export interface FolderAction extends MenuEntry {
  pending?: boolean;
}

/**
 * The folder page's actions after "Upload here" and "Share": buttons from 1280 px, where the row
 * holds them all; below, one "More" menu, so the bar stays one row instead of wrapping raggedly.
 */
export function FolderMoreActions({ folderName, actions }: { folderName: string; actions: readonly FolderAction[] }) {
  const { t } = useTranslation('manage');
  const roomy = useMediaQuery('(min-width: 1280px)');
  if (!roomy) {
    return <ItemMenu label={t('menu.more', { name: folderName })} entries={actions} className="size-8! border border-slate-300 bg-surface shadow-sm" />;
  }
  return (
    <>
      {actions.map(({ key, label, icon: Icon, onSelect, tone, pending = false }) => (
        <Button key={key} variant="secondary" size="sm" loading={pending} onClick={onSelect}>
          {!pending && <Icon aria-hidden="true" className={clsx('size-4', tone === 'danger' && 'text-red-700')} />}
          {label}
        </Button>
      ))}
    </>
  );
}

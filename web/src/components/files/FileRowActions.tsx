import { useTranslation } from 'react-i18next';
import { Download, Eye, Link2, Share2, Trash2 } from 'lucide-react';
import { isPreviewable, readableByAnyone, type FileItem } from '@vault/contract';
import { IconButton } from '../ui/IconButton';
import { ItemMenu, type MenuEntry } from '../manage/ItemMenu';

/** The row actions a list can offer. */
export type FileAction = 'preview' | 'download' | 'copyLink' | 'share' | 'delete';

/** Every row action, in the order a row shows them. */
export const FILE_ACTIONS: readonly FileAction[] = ['preview', 'download', 'copyLink', 'share', 'delete'];

export interface FileActionHandlers {
  preview(file: FileItem): void;
  download(file: FileItem): void;
  copyLink(file: FileItem): void;
  share(file: FileItem): void;
  delete(file: FileItem): void;
}

/**
 * Which actions apply to a file: preview for images and PDFs, copy link for
 * files anyone may read (public themselves or through a folder), share and delete for its owner only.
 */
export function actionsFor(file: FileItem, enabled: ReadonlySet<FileAction>, currentUserId: number | null): FileAction[] {
  const owner = currentUserId !== null && file.user_id === currentUserId;
  const applies: Record<FileAction, boolean> = {
    preview: isPreviewable(file.mime_type),
    download: true,
    copyLink: readableByAnyone(file.visibility),
    share: owner,
    delete: owner,
  };
  return FILE_ACTIONS.filter((a) => enabled.has(a) && applies[a]);
}

/** The places a list's rows keep for their actions: every action one of its rows shows, and the menu if one has it. */
export interface ActionColumns {
  actions: readonly FileAction[];
  menu: boolean;
}

/** The columns of a list whose rows show these actions and menus. */
export function actionColumns(rows: readonly { actions: readonly FileAction[]; menu: readonly MenuEntry[] }[]): ActionColumns {
  return {
    actions: FILE_ACTIONS.filter((action) => rows.some((row) => row.actions.includes(action))),
    menu: rows.some((row) => row.menu.length > 0),
  };
}

/** An empty place the size of an action's button. */
function Gap() {
  return <span aria-hidden="true" className="size-9 shrink-0" />;
}

const BUTTONS = {
  preview: { icon: Eye, tooltip: 'action.preview' },
  download: { icon: Download, tooltip: 'action.download' },
  copyLink: { icon: Link2, tooltip: 'action.copyLink' },
  share: { icon: Share2, tooltip: 'action.share' },
  delete: { icon: Trash2, tooltip: 'action.delete' },
} as const;

/**
 * The quick actions as buttons, then a menu of everything else: the owner's
 * menu of a managed list, joined by the quick actions past `buttons` (a grid
 * tile has room for few) that it does not already hold. With `columns` (a
 * table's rows), an action the file lacks leaves its place empty, so that each
 * action sits in the same column on every row: a public file's extra "Copy
 * link" shifted preview, download and share of its row by one place.
 */
export function FileRowActions({
  file,
  actions,
  handlers,
  downloading,
  menu = [],
  buttons = actions.length,
  columns,
}: {
  file: FileItem;
  actions: readonly FileAction[];
  handlers: FileActionHandlers;
  downloading: boolean;
  menu?: readonly MenuEntry[];
  buttons?: number;
  columns?: ActionColumns;
}) {
  const { t } = useTranslation('files');
  const { t: tm } = useTranslation('manage');
  const shown = actions.slice(0, buttons);
  const folded = actions
    .slice(buttons)
    .filter((action) => !menu.some((entry) => entry.key === action))
    .map(
      (action): MenuEntry => ({
        key: action,
        label: t(BUTTONS[action].tooltip),
        icon: BUTTONS[action].icon,
        onSelect: () => handlers[action](file),
        tone: action === 'delete' ? 'danger' : undefined,
      }),
    );
  const entries = [...folded, ...menu];
  return (
    <div className="flex flex-wrap items-center justify-end gap-0.5">
      {(columns?.actions ?? shown).map((action) => {
        if (!shown.includes(action)) return <Gap key={action} />;
        const { icon } = BUTTONS[action];
        const tooltip = t(BUTTONS[action].tooltip);
        return (
          <IconButton
            key={action}
            icon={icon}
            tooltip={tooltip}
            label={t('action.label', { action: tooltip, name: file.original_name })}
            tone={action === 'delete' ? 'danger' : 'neutral'}
            disabled={action === 'download' && downloading}
            onClick={() => handlers[action](file)}
          />
        );
      })}
      {entries.length > 0 ? <ItemMenu label={tm('menu.more', { name: file.original_name })} entries={entries} /> : columns?.menu && <Gap />}
    </div>
  );
}

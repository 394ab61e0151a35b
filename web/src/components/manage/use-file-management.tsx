import { useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Copy, Download, FolderInput, Pencil, Share2, Tags, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { FileItem } from '@vault/contract';
import { errorMessage } from '../../api/client';
import { downloadZip } from '../../api/links';
import { useBulkAction, useUpdateFile, type ItemIds } from '../../api/manage';
import { useTrashDays } from '../../api/trash';
import { clickItem, NO_SELECTION, selectAll, selectedIn, type Selection } from '../../lib/selection';
import { isTyping, mayBeShortcut } from '../../lib/shortcuts';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { BulkBar } from './BulkBar';
import type { RenameEnd } from './InlineRename';
import { startItemDrag } from './drag';
import { useFolderSelectionContext } from './folder-selection';
import type { MenuEntry } from './ItemMenu';
import { MoveDialog } from './MoveDialog';
import { TagDialog } from './TagDialog';

/** What a row of a managed list shows and does beyond its own content. */
export interface RowManagement {
  selected: boolean;
  /** A click on the row's checkbox; with shift, the range from the last click. */
  toggle(shift: boolean): void;
  /** The caller's own file: renamed, moved, retagged, dragged. */
  owned: boolean;
  renaming: boolean;
  startRename(): void;
  saveName(name: string): Promise<unknown>;
  endRename(how: RenameEnd): void;
  /** Rename, Move, Tags, Download, Share, Delete, for the owner. */
  menu: MenuEntry[];
  /** Spread onto the row's element: focus, drag and modifier clicks. */
  attributes: {
    'data-file-id': number;
    tabIndex: number;
    draggable?: boolean;
    onDragStart?(event: DragEvent): void;
    onClick(event: MouseEvent): void;
    onFocus(): void;
  };
}

export interface FileHandlers {
  download(file: FileItem): void;
  share(file: FileItem): void;
  delete(file: FileItem): void;
}

/** A click on a control inside a row is that control's. */
const onControl = (el: HTMLElement) => el.closest('a, button, input, label, [role="menuitem"]') !== null;

/**
 * The owner's file management over one page of a list: multi-select
 * (checkboxes, shift ranges, Ctrl/Cmd+A, Escape), keyboard focus from row to
 * row, inline rename (double-click or F2), each row's menu, dragging rows
 * onto folders, the bulk bar and the move, tag and bulk delete dialogs.
 * Delete asks to delete the selection, or the focused row's file when nothing
 * is selected, from the list or with nothing focused.
 * Disabled, it changes nothing about the list.
 */
export function useFileManagement({ files, currentUserId, enabled, handlers }: { files: readonly FileItem[]; currentUserId: number | null; enabled: boolean; handlers: FileHandlers }) {
  const { t } = useTranslation('manage');
  const listRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [activeId, setActiveId] = useState<number | null>(null);
  const [renamingId, setRenamingId] = useState<number | null>(null);
  const [moving, setMoving] = useState<{ action: 'move' | 'copy'; items: ItemIds; title: string; current?: number | null; clears: boolean } | null>(null);
  const [tagging, setTagging] = useState<FileItem[] | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [zipping, setZipping] = useState(false);
  const update = useUpdateFile();
  const bulk = useBulkAction();
  const trashDays = useTrashDays() ?? 0;

  const order = useMemo(() => files.map((f) => f.id), [files]);
  const selectedIds = useMemo(() => selectedIn(selection, order), [selection, order]);
  const selectedFiles = useMemo(() => files.filter((f) => selection.selected.has(f.id)), [files, selection]);
  const owns = useCallback((file: FileItem) => currentUserId !== null && file.user_id === currentUserId, [currentUserId]);
  // Folder cards selected on the same page go with the files (the owner's only, so they never limit what may be done).
  const folderSelection = useFolderSelectionContext();
  const selectedFolderIds = useMemo(() => folderSelection?.selected.map((f) => f.id) ?? [], [folderSelection]);
  const count = selectedIds.length + selectedFolderIds.length;
  const canManage = count > 0 && selectedFiles.every(owns);
  const clearFolders = folderSelection?.clear;
  const clear = useCallback(() => {
    setSelection(NO_SELECTION);
    clearFolders?.();
  }, [clearFolders]);
  const toggle = (id: number, shift: boolean) => setSelection((now) => clickItem({ ...now, selected: new Set(selectedIn(now, order)) }, order, id, shift));
  const focusRow = (id: number) => listRef.current?.querySelector<HTMLElement>(`[data-file-id="${id}"]`)?.focus();
  const focusedId = activeId !== null && order.includes(activeId) ? activeId : (order[0] ?? null);

  const startRename = (file: FileItem) => {
    if (owns(file)) setRenamingId(file.id);
  };

  const onListKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    // Keys from a menu or dialog opened from a row reach here through React's tree, not the page's.
    if (!enabled || !event.currentTarget.contains(target) || isTyping(target)) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection((now) => selectAll(now, order));
      return;
    }
    if (event.key === 'Escape' && count > 0) {
      event.preventDefault();
      clear();
      return;
    }
    const row = target.closest<HTMLElement>('[data-file-id]');
    const file = row && files.find((f) => f.id === Number(row.dataset.fileId));
    if (!row || !file) return;
    if (event.key === 'F2') {
      event.preventDefault();
      startRename(file);
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && target === row) {
      event.preventDefault();
      const next = order[order.indexOf(file.id) + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next !== undefined) focusRow(next);
    } else if (event.key === ' ' && target === row) {
      event.preventDefault();
      toggle(file.id, event.shiftKey);
    }
  };

  // Delete goes through the same confirmations as the bulk bar's and the row's buttons.
  const deleteKey = useRef<(target: Element) => void>(() => undefined);
  deleteKey.current = (target) => {
    if (count > 0) {
      if (canManage) setConfirmingDelete(true);
      return;
    }
    const row = target.closest<HTMLElement>('[data-file-id]');
    const file = row && files.find((f) => f.id === Number(row.dataset.fileId));
    if (file && owns(file)) handlers.delete(file);
  };
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Delete' || !mayBeShortcut(event) || !(event.target instanceof Element)) return;
      if (event.target !== document.body && !listRef.current?.contains(event.target)) return;
      event.preventDefault();
      deleteKey.current(event.target);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);

  const menuFor = (file: FileItem): MenuEntry[] =>
    owns(file)
      ? [
          { key: 'rename', label: t('menu.rename'), icon: Pencil, onSelect: () => startRename(file), takesFocus: true },
          {
            key: 'move',
            label: t('menu.move'),
            icon: FolderInput,
            onSelect: () => setMoving({ action: 'move', items: { file_ids: [file.id], folder_ids: [] }, title: t('move.titleOne', { name: file.original_name }), current: file.folder_id, clears: false }),
          },
          {
            key: 'copy',
            label: t('menu.copy'),
            icon: Copy,
            onSelect: () => setMoving({ action: 'copy', items: { file_ids: [file.id], folder_ids: [] }, title: t('copy.titleOne', { name: file.original_name }), current: file.folder_id, clears: false }),
          },
          { key: 'tags', label: t('menu.tags'), icon: Tags, onSelect: () => setTagging([file]) },
          { key: 'download', label: t('menu.download'), icon: Download, onSelect: () => handlers.download(file) },
          { key: 'share', label: t('menu.share'), icon: Share2, onSelect: () => handlers.share(file) },
          { key: 'delete', label: t('menu.delete'), icon: Trash2, onSelect: () => handlers.delete(file), tone: 'danger' },
        ]
      : [];

  const rowOf = (file: FileItem): RowManagement | undefined => {
    if (!enabled) return undefined;
    const owned = owns(file);
    return {
      selected: selection.selected.has(file.id),
      toggle: (shift) => toggle(file.id, shift),
      owned,
      renaming: renamingId === file.id,
      startRename: () => startRename(file),
      saveName: (name) => update.mutateAsync({ id: file.id, change: { original_name: name } }),
      endRename: (how) => {
        setRenamingId(null);
        if (how === 'key') window.requestAnimationFrame(() => focusRow(file.id));
      },
      menu: menuFor(file),
      attributes: {
        'data-file-id': file.id,
        tabIndex: file.id === focusedId ? 0 : -1,
        ...(owned
          ? {
              draggable: renamingId !== file.id,
              onDragStart: (event: DragEvent) => {
                // A selected row carries the whole selection (the caller's own files of it) along.
                const items = selection.selected.has(file.id) ? { file_ids: selectedFiles.filter(owns).map((f) => f.id), folder_ids: selectedFolderIds } : { file_ids: [file.id], folder_ids: [] };
                const dragged = items.file_ids.length + items.folder_ids.length;
                startItemDrag(event, items, items.folder_ids.length > 0 ? t('drag.items', { count: dragged }) : t('drag.label', { count: dragged }));
              },
            }
          : {}),
        onClick: (event: MouseEvent) => {
          if (onControl(event.target as HTMLElement) || !(event.shiftKey || event.ctrlKey || event.metaKey)) return;
          event.preventDefault();
          toggle(file.id, event.shiftKey);
        },
        onFocus: () => setActiveId(file.id),
      },
    };
  };

  const downloadSelected = async () => {
    setZipping(true);
    try {
      await downloadZip({ file_ids: selectedIds, folder_ids: selectedFolderIds });
    } catch (error) {
      toast.error(errorMessage(error, t('bulk.zipFailed')));
    } finally {
      setZipping(false);
    }
  };

  const selectionItems: ItemIds = { file_ids: selectedIds, folder_ids: selectedFolderIds };
  // With folders among them the texts speak of items, and tags (files only) are not offered.
  const withFolders = selectedFolderIds.length > 0;
  const deleteMessage = withFolders
    ? trashDays > 0
      ? t('bulk.deleteItemsToTrash', { count, days: trashDays })
      : t('bulk.deleteItemsMessage', { count })
    : trashDays > 0
      ? t('bulk.deleteToTrash', { count, days: trashDays })
      : t('bulk.deleteMessage', { count });
  const barElement =
    enabled && count > 0 ? (
      <BulkBar
        count={count}
        canManage={canManage}
        canTag={!withFolders}
        onMove={() => setMoving({ action: 'move', items: selectionItems, title: withFolders ? t('move.titleItems', { count }) : t('move.titleMany', { count }), clears: true })}
        onCopy={() => setMoving({ action: 'copy', items: selectionItems, title: withFolders ? t('copy.titleItems', { count }) : t('copy.titleMany', { count }), clears: true })}
        onTag={() => setTagging(selectedFiles)}
        onDownload={() => void downloadSelected()}
        downloading={zipping}
        onDelete={() => setConfirmingDelete(true)}
        onClear={clear}
      />
    ) : null;
  const barSlot = folderSelection?.barSlot;
  const bar: ReactNode = barElement && barSlot ? createPortal(barElement, barSlot) : barElement;

  const dialogs: ReactNode = enabled && (
    <>
      <MoveDialog
        {...(moving ? { action: moving.action } : {})}
        items={moving?.items ?? null}
        title={moving?.title ?? ''}
        {...(moving?.current !== undefined ? { current: moving.current } : {})}
        onClose={() => setMoving(null)}
        onMoved={() => moving?.clears && clear()}
      />
      <TagDialog files={tagging} onClose={() => setTagging(null)} />
      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        title={withFolders ? t('bulk.deleteItemsTitle', { count }) : t('bulk.deleteTitle', { count })}
        message={deleteMessage}
        confirmLabel={t('bulk.delete')}
        tone="danger"
        pending={bulk.isPending}
        onConfirm={() =>
          bulk.mutate(
            {
              action: 'delete',
              items: [
                ...selectedFiles.map((f) => ({ kind: 'file' as const, id: f.id, name: f.original_name })),
                ...(folderSelection?.selected ?? []).map((f) => ({ kind: 'folder' as const, id: f.id, name: f.name })),
              ],
            },
            {
              onSettled: () => setConfirmingDelete(false),
              onSuccess: clear,
            },
          )
        }
      />
    </>
  );

  const allSelected = order.length > 0 && selectedIds.length === order.length;
  return {
    enabled,
    listRef,
    onListKeyDown,
    rowOf,
    bar,
    dialogs,
    /** The "select all on this page" checkbox's state and action. */
    all: {
      checked: allSelected,
      mixed: selectedIds.length > 0 && !allSelected,
      toggle: () => setSelection((now) => (allSelected ? NO_SELECTION : selectAll(now, order))),
    },
  };
}

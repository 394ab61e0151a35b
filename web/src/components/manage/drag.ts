import { useState, type DragEvent } from 'react';
import type { ItemIds } from '../../api/manage';

/** The drag data of Vault's own items: other drags (files from the desktop, text) are not drops onto folders. */
const ITEMS_TYPE = 'application/x-vault-items';

const ids = (value: unknown): number[] | null => (Array.isArray(value) && value.every((v) => Number.isInteger(v) && v > 0) ? (value as number[]) : null);

/** Starts dragging items; with more than one, the drag image says how many. */
export function startItemDrag(event: DragEvent, items: ItemIds, label: string): void {
  event.dataTransfer.setData(ITEMS_TYPE, JSON.stringify(items));
  event.dataTransfer.effectAllowed = 'move';
  if (items.file_ids.length + items.folder_ids.length < 2) return;
  const image = document.createElement('div');
  image.textContent = label;
  image.className = 'fixed -top-40 left-0 rounded-lg bg-accent-600 px-3 py-1.5 text-sm font-medium text-white shadow-overlay';
  document.body.append(image);
  event.dataTransfer.setDragImage(image, -12, -12);
  window.setTimeout(() => image.remove(), 0);
}

function draggedItems(event: DragEvent): ItemIds | null {
  try {
    const parsed = JSON.parse(event.dataTransfer.getData(ITEMS_TYPE)) as { file_ids?: unknown; folder_ids?: unknown };
    const files = ids(parsed.file_ids);
    const folders = ids(parsed.folder_ids);
    return files && folders ? { file_ids: files, folder_ids: folders } : null;
  } catch {
    return null;
  }
}

const carriesItems = (event: DragEvent) => event.dataTransfer.types.includes(ITEMS_TYPE);

/**
 * Makes an element a drop target for dragged items, highlighted (`over`)
 * while they hover it. Without `onDrop` it is not a target at all.
 */
export function useItemDrop(onDrop: ((items: ItemIds) => void) | undefined) {
  const [over, setOver] = useState(false);
  if (!onDrop) return { over: false, dropHandlers: {} };
  const accept = (event: DragEvent) => {
    if (!carriesItems(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
    setOver(true);
  };
  return {
    over,
    dropHandlers: {
      onDragEnter: accept,
      onDragOver: accept,
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        if (!carriesItems(event)) return;
        event.preventDefault();
        setOver(false);
        const items = draggedItems(event);
        if (items) onDrop(items);
      },
    },
  };
}

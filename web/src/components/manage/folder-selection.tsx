import { createContext, useCallback, useContext, useMemo, useState } from 'react';
import type { Folder } from '@vault/contract';
import { clickItem, NO_SELECTION, selectedIn, type Selection } from '../../lib/selection';

/**
 * The folder cards of a page selected beside its files: the file list's bulk
 * bar moves, zips and deletes them with the selected files.
 */
export interface FolderSelection {
  /** The selected folders still listed, in list order. */
  selected: Folder[];
  isSelected(id: number): boolean;
  /** A click on a card's checkbox (or a Ctrl/Cmd-click on the card); with shift, the range from the last click. */
  click(id: number, shift: boolean): void;
  clear(): void;
  /**
   * Where the bulk bar goes: at the foot of the page rather than of the file
   * list, so it is in view wherever the selected cards are.
   */
  barSlot: HTMLElement | null;
}

const FolderSelectionContext = createContext<FolderSelection | null>(null);

export const FolderSelectionProvider = FolderSelectionContext.Provider;

/** The page's folder selection; null where folder cards cannot be selected. */
export function useFolderSelectionContext(): FolderSelection | null {
  return useContext(FolderSelectionContext);
}

/** A selection over these folder cards; folders no longer listed drop out of it. */
export function useFolderSelection(folders: readonly Folder[], barSlot: HTMLElement | null): FolderSelection {
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const order = useMemo(() => folders.map((f) => f.id), [folders]);
  const clear = useCallback(() => setSelection(NO_SELECTION), []);
  return useMemo(() => {
    const ids = new Set(selectedIn(selection, order));
    return {
      selected: folders.filter((f) => ids.has(f.id)),
      isSelected: (id) => ids.has(id),
      click: (id, shift) => setSelection((now) => clickItem({ ...now, selected: new Set(selectedIn(now, order)) }, order, id, shift)),
      clear,
      barSlot,
    };
  }, [selection, order, folders, clear, barSlot]);
}

import type { Folder } from '@vault/contract';

/** 'Projects / 2024 / Invoices': a folder's place, from its breadcrumb. */
export function folderPathLabel(folder: Pick<Folder, 'path' | 'name'>): string {
  return folder.path.length > 0 ? folder.path.map((c) => c.name).join(' / ') : folder.name;
}

/** Where a folder lives: its ancestors' names, or null at the top level. */
export function parentPathLabel(folder: Pick<Folder, 'path'>): string | null {
  return folder.path.length > 1 ? folder.path.slice(0, -1).map((c) => c.name).join(' / ') : null;
}

export interface FolderOption {
  id: number;
  label: string;
}

/**
 * Folders a folder may be put under, labelled with their full path and sorted
 * by it. Moving a folder below itself is refused, so `exclude` and everything
 * under it is left out.
 */
export function parentOptions(folders: Folder[], exclude?: number): FolderOption[] {
  return folders
    .filter((f) => exclude === undefined || !f.path.some((c) => c.id === exclude))
    .map((f) => ({ id: f.id, label: folderPathLabel(f) }))
    .sort((a, b) => a.label.localeCompare(b.label, undefined, { sensitivity: 'base' }));
}

/** Folder options as select choices (value: the id as text). */
export function folderChoices(folders: readonly FolderOption[]): { value: string; label: string }[] {
  return folders.map((f) => ({ value: String(f.id), label: f.label }));
}

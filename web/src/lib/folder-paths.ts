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

/** A folder as a row of a tree: its path label, its own name, and how deep it sits (0 at the top level). */
export interface FolderRow extends FolderOption {
  name: string;
  depth: number;
}

const names = (f: Pick<Folder, 'path' | 'name'>) => (f.path.length > 0 ? f.path.map((c) => c.name) : [f.name]);

/** Path order, one level at a time and ignoring case, so every folder comes right after its parent. */
function byPath(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const order = a[i]!.localeCompare(b[i]!, undefined, { sensitivity: 'base' });
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/**
 * Folders as the rows of a tree, in path order. Nothing may be moved below
 * itself, so the folders in `exclude` and everything under them are left out.
 */
export function folderRows(folders: Folder[], exclude: readonly number[] = []): FolderRow[] {
  return folders
    .filter((f) => !f.path.some((c) => exclude.includes(c.id)))
    .sort((a, b) => byPath(names(a), names(b)))
    .map((f) => ({ id: f.id, label: folderPathLabel(f), name: f.name, depth: Math.max(0, f.path.length - 1) }));
}

/** Folders a folder may be put under (not `exclude` nor anything under it), labelled with their full path. */
export function parentOptions(folders: Folder[], exclude?: number): FolderOption[] {
  return folderRows(folders, exclude === undefined ? [] : [exclude]).map(({ id, label }) => ({ id, label }));
}

/** Folder options as select choices (value: the id as text). */
export function folderChoices(folders: readonly FolderOption[]): { value: string; label: string }[] {
  return folders.map((f) => ({ value: String(f.id), label: f.label }));
}

/** What a folder holds at every depth: its files and those of every folder below it, those folders, and their bytes. */
export interface SubtreeContents {
  files: number;
  folders: number;
  bytes: number;
}

/**
 * Everything under `folder` among `folders` (which must hold the whole
 * subtree, as the owner's full list does): a folder is below it when its path
 * passes through it.
 */
export function subtreeContents(folder: Pick<Folder, 'id' | 'file_count' | 'folder_size'>, folders: readonly Pick<Folder, 'id' | 'file_count' | 'path'>[]): SubtreeContents {
  const below = folders.filter((f) => f.id !== folder.id && f.path.some((c) => c.id === folder.id));
  return { files: below.reduce((sum, f) => sum + f.file_count, folder.file_count), folders: below.length, bytes: folder.folder_size };
}

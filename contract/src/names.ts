import { LIMITS } from './limits.js';

/**
 * "report.pdf" as the n-th of its name: "report (2).pdf"; a name without an
 * extension gets the number at its end. Shared by the server (kept-both
 * uploads, restores, the migration that parted same-name files) and the web.
 */
export function numberedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = ` (${n})${ext}`;
  return stem.slice(0, Math.max(1, LIMITS.fileNameMax - suffix.length)) + suffix;
}

/** A folder's n-th of its name: folders have no extension, so "Release 1.2" is numbered "Release 1.2 (2)". */
export function numberedFolderName(name: string, n: number): string {
  const suffix = ` (${n})`;
  return name.slice(0, Math.max(1, LIMITS.folderNameMax - suffix.length)) + suffix;
}

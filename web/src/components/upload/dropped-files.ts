/**
 * Files dropped from the computer onto a page other than the upload page,
 * handed to the upload page that opens next: it lists them and asks to
 * confirm, as if they had been dropped there.
 */
let dropped: File[] | null = null;

export function handOverDropped(files: readonly File[]): void {
  dropped = [...files];
}

/** The files handed over, once: a second call finds none. */
export function takeDropped(): File[] | null {
  const files = dropped;
  dropped = null;
  return files;
}

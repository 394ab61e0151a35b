import { useEffect } from 'react';

/** Files pasted anywhere on the page (Ctrl+V of a copied file or screenshot), except into a text field. */
export function usePastedFiles(onFiles: (files: File[]) => void): void {
  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, [contenteditable="true"]')) return;
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      onFiles(files);
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [onFiles]);
}

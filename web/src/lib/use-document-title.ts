import { useEffect } from 'react';

/** Sets the browser tab title to '<title> · Vault' while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · Vault`;
  }, [title]);
}

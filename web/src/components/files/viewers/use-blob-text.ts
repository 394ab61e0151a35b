import { useEffect, useState } from 'react';

/**
 * A preview's bytes as UTF-8 text, null while they are read. The head of a
 * longer file may end inside a character: that stray piece is dropped.
 */
export function useBlobText(blob: Blob, truncated: boolean): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setText(null);
    void blob.text().then((read) => live && setText(truncated ? read.replace(/\uFFFD+$/, '') : read));
    return () => {
      live = false;
    };
  }, [blob, truncated]);
  return text;
}

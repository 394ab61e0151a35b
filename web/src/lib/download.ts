/**
 * Lets the browser fetch a URL as a download: it streams to disk, so even a
 * 1 GB file never sits in page memory, and the server's Content-Disposition
 * names the file.
 */
export function startBrowserDownload(url: string): void {
  clickDownloadLink(url, '');
}

/** Saves text the page already holds as a file, named here: nothing is fetched. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  clickDownloadLink(url, fileName);
  // The browser reads the blob after this task; freeing it at once could cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url));
}

/** `fileName` '' lets the response name the file. */
function clickDownloadLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Opens a URL in a new tab that cannot reach back into this page; false when the browser blocked the tab. */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}

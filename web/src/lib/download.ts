import { ApiError } from '../api/client';
import { createDownloadLink, publicDownloadUrl, type FileAccess } from '../api/files';

/**
 * Lets the browser fetch a URL as a download: it streams to disk, so even a
 * 1 GB file never sits in page memory, and the server's Content-Disposition
 * names the file.
 */
export function startBrowserDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * Downloads a file: through a 60-second signed link for the signed-in user
 * (a plain link carries no bearer header), or the public route for anyone.
 * Rejects with an ApiError when the server refuses.
 */
export async function downloadFile(id: number, access: FileAccess): Promise<void> {
  if (access === 'account') {
    startBrowserDownload(await createDownloadLink(id));
    return;
  }
  const url = publicDownloadUrl(id);
  // HEAD is not counted as a download; it spares the user a saved error page.
  const check = await fetch(url, { method: 'HEAD' }).catch(() => null);
  if (!check) throw new ApiError(0, 'The server could not be reached', false);
  if (!check.ok) throw new ApiError(check.status, `Request failed (${check.status})`, false);
  startBrowserDownload(url);
}

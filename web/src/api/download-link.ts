import { downloadLinkResponseSchema } from '@vault/contract';
import { apiRequest } from './client';

/**
 * Opens a file's download in a new tab. A tab sends no Authorization header,
 * so the URL carries a short-lived signed token instead. The tab is opened at
 * once, while the click still counts as a user gesture (popup blockers), and
 * pointed at the link when it arrives; it is closed again if that fails.
 */
export async function openDownloadInNewTab(fileId: number): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const { url } = await apiRequest(`/api/files/${fileId}/download-link`, downloadLinkResponseSchema, { method: 'POST' });
    if (!tab) {
      window.open(url, '_blank', 'noopener');
      return;
    }
    tab.opener = null;
    tab.location.replace(url);
  } catch (err) {
    tab?.close();
    throw err;
  }
}

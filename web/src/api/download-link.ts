import { downloadLinkResponseSchema } from '@vault/contract';
import { apiRequest } from './client';

/**
 * Opens a file's download in a new tab. A tab sends no Authorization header,
 * so the URL carries a short-lived signed token instead. Browsers close a tab
 * whose first navigation is a download; should the tab be blocked (the click
 * no longer counts as a user gesture once the link has arrived), the file is
 * downloaded from this page instead, which an attachment does not navigate away.
 */
export async function openDownloadInNewTab(fileId: number): Promise<void> {
  const { url } = await apiRequest(`/api/files/${fileId}/download-link`, downloadLinkResponseSchema, { method: 'POST' });
  const tab = window.open(url, '_blank');
  if (tab) {
    tab.opener = null;
    return;
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

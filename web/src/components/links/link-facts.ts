import type { FileRequest, ShareLink } from '@vault/contract';
import { formatDate, formatFileSize, plural } from '../../lib/format';

/** One line of what a share link allows and how it was used. */
export function shareLinkFacts(link: ShareLink): string {
  return [
    link.has_password ? 'Password' : null,
    link.expires_at ? `Expires ${formatDate(link.expires_at)}` : null,
    link.max_downloads !== null ? `${link.downloads}/${link.max_downloads} downloads` : plural(link.downloads, 'download'),
    plural(link.views, 'view'),
    link.last_used_at ? `last used ${formatDate(link.last_used_at)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** One line of what a file request accepts and what it received. */
export function fileRequestFacts(request: FileRequest): string {
  return [
    request.has_password ? 'Password' : null,
    request.expires_at ? `Expires ${formatDate(request.expires_at)}` : null,
    request.max_files !== null ? `${request.files_received}/${request.max_files} files` : plural(request.files_received, 'file'),
    formatFileSize(request.bytes_received) + (request.max_bytes !== null ? ` of ${formatFileSize(request.max_bytes)}` : ''),
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A date input's value (a whole day, local) as the end of that day. */
export function endOfDay(date: string): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

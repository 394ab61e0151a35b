import type { FileRequest, ShareLink } from '@vault/contract';
import { i18n } from '../../i18n';
import { formatDate, formatFileSize } from '../../lib/format';

/** When a link or request ends: "Expires …", or "Expired …" once that day is past. */
function expiryFact(expiresAt: string | null): string | null {
  if (!expiresAt) return null;
  const key = new Date(expiresAt).getTime() <= Date.now() ? 'links:facts.expired' : 'links:facts.expires';
  return i18n.t(key, { date: formatDate(expiresAt) });
}

/** What a share link allows and how it was used, for a FactLine. */
export function shareLinkFacts(link: ShareLink): (string | null)[] {
  return [
    link.has_password ? i18n.t('links:facts.password') : null,
    expiryFact(link.expires_at),
    link.max_downloads !== null ? i18n.t('links:facts.downloadsOf', { count: link.downloads, max: link.max_downloads }) : i18n.t('links:facts.downloads', { count: link.downloads }),
    i18n.t('links:facts.views', { count: link.views }),
    link.last_used_at ? i18n.t('links:facts.lastUsed', { date: formatDate(link.last_used_at) }) : null,
  ];
}

/** What a file request accepts and what it received, for a FactLine. */
export function fileRequestFacts(request: FileRequest): (string | null)[] {
  const received = formatFileSize(request.bytes_received);
  return [
    request.has_password ? i18n.t('links:facts.password') : null,
    expiryFact(request.expires_at),
    request.max_files !== null ? i18n.t('links:facts.filesOf', { count: request.files_received, max: request.max_files }) : i18n.t('links:facts.files', { count: request.files_received }),
    request.max_bytes !== null ? i18n.t('links:facts.bytesOf', { size: received, max: formatFileSize(request.max_bytes) }) : received,
    request.folder_reach ? i18n.t(`links:facts.reach.${request.folder_reach}`) : null,
  ];
}

/** A date input's value (a whole day, local) as the end of that day. */
export function endOfDay(date: string): string | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59).toISOString();
}

/** An ISO time as a date input's value: its day, local. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

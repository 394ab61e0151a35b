/**
 * Copies text. The Clipboard API exists only on secure origins; a self-hosted
 * vault reached over plain http on a LAN falls back to a hidden textarea.
 */
export async function copyText(text: string): Promise<void> {
  if (window.isSecureContext && navigator.clipboard) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy was refused');
  } finally {
    area.remove();
  }
}

/** The shareable address of a file or folder page: {origin}/files/{id}. */
export function shareLink(kind: 'files' | 'folders', id: number): string {
  return `${window.location.origin}/${kind}/${id}`;
}

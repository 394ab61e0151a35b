/** RFC 5987 attr-char: everything else is percent-encoded. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * attachment (or inline) with an ASCII fallback name and the exact UTF-8 name
 * in filename*. Quotes, backslashes, separators and control characters never
 * reach the header unescaped.
 */
export function contentDisposition(name: string, inline: boolean): string {
  const fallback = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\/%;]/g, '_')
    .trim() || 'download';
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

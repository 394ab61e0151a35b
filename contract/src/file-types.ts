/**
 * Every type an installation may accept (ALLOWED_TYPES), by extension: the
 * MIME type stored for it (the content must agree) and its name in the web
 * app's type filter.
 */
export const FILE_TYPES = {
  jpeg: { mime: 'image/jpeg', label: 'JPEG image' },
  jpg: { mime: 'image/jpeg', label: 'JPEG image' },
  png: { mime: 'image/png', label: 'PNG image' },
  gif: { mime: 'image/gif', label: 'GIF image' },
  webp: { mime: 'image/webp', label: 'WebP image' },
  heic: { mime: 'image/heic', label: 'HEIC image' },
  svg: { mime: 'image/svg+xml', label: 'SVG image' },
  pdf: { mime: 'application/pdf', label: 'PDF document' },
  txt: { mime: 'text/plain', label: 'Plain text' },
  md: { mime: 'text/markdown', label: 'Markdown' },
  csv: { mime: 'text/csv', label: 'CSV table' },
  json: { mime: 'application/json', label: 'JSON' },
  html: { mime: 'text/html', label: 'HTML page' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word (docx)' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel (xlsx)' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint (pptx)' },
  odt: { mime: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument text' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet', label: 'OpenDocument spreadsheet' },
  mp4: { mime: 'video/mp4', label: 'MP4 video' },
  webm: { mime: 'video/webm', label: 'WebM video' },
  mov: { mime: 'video/quicktime', label: 'QuickTime video' },
  mp3: { mime: 'audio/mpeg', label: 'MP3 audio' },
  ogg: { mime: 'audio/ogg', label: 'Ogg audio' },
  wav: { mime: 'audio/wav', label: 'WAV audio' },
  flac: { mime: 'audio/flac', label: 'FLAC audio' },
  zip: { mime: 'application/zip', label: 'ZIP archive' },
  '7z': { mime: 'application/x-7z-compressed', label: '7-Zip archive' },
  tar: { mime: 'application/x-tar', label: 'Tar archive' },
  gz: { mime: 'application/gzip', label: 'Gzip archive' },
} as const satisfies Record<string, { mime: string; label: string }>;

export type KnownExtension = keyof typeof FILE_TYPES;

export const KNOWN_EXTENSIONS = Object.keys(FILE_TYPES) as KnownExtension[];

/** What an installation accepts unless ALLOWED_TYPES says otherwise. */
export const DEFAULT_EXTENSIONS: readonly KnownExtension[] = ['jpeg', 'jpg', 'png', 'gif', 'webp', 'pdf', 'txt', 'md', 'csv', 'json', 'zip'];

export function isKnownExtension(ext: string): ext is KnownExtension {
  return Object.hasOwn(FILE_TYPES, ext);
}

/** The MIME type stored for a known extension; undefined for any other. */
export function mimeOfExtension(ext: string): string | undefined {
  return isKnownExtension(ext) ? FILE_TYPES[ext].mime : undefined;
}

/**
 * Types whose bytes a browser would run as a document (script in SVG or
 * HTML): only ever downloaded as an attachment, never shown in place.
 */
export const ACTIVE_CONTENT_MIME: readonly string[] = ['image/svg+xml', 'text/html'];

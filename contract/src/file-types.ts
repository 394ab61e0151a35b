/**
 * Every type an installation may accept (ALLOWED_TYPES), by extension, with
 * the MIME type stored for it (the content must agree).
 */
export const FILE_TYPES = {
  jpeg: { mime: 'image/jpeg' },
  jpg: { mime: 'image/jpeg' },
  png: { mime: 'image/png' },
  gif: { mime: 'image/gif' },
  webp: { mime: 'image/webp' },
  heic: { mime: 'image/heic' },
  svg: { mime: 'image/svg+xml' },
  pdf: { mime: 'application/pdf' },
  txt: { mime: 'text/plain' },
  md: { mime: 'text/markdown' },
  csv: { mime: 'text/csv' },
  json: { mime: 'application/json' },
  html: { mime: 'text/html' },
  docx: { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  odt: { mime: 'application/vnd.oasis.opendocument.text' },
  ods: { mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  mp4: { mime: 'video/mp4' },
  webm: { mime: 'video/webm' },
  mov: { mime: 'video/quicktime' },
  mp3: { mime: 'audio/mpeg' },
  ogg: { mime: 'audio/ogg' },
  wav: { mime: 'audio/wav' },
  flac: { mime: 'audio/flac' },
  zip: { mime: 'application/zip' },
  '7z': { mime: 'application/x-7z-compressed' },
  tar: { mime: 'application/x-tar' },
  gz: { mime: 'application/gzip' },
} as const satisfies Record<string, { mime: string }>;

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

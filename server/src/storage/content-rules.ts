import { fileTypeFromBuffer } from 'file-type';
import { FILE_TYPES, type KnownExtension } from '@vault/contract';
import { StorageError } from './errors.js';

/** Enough leading bytes for file-type to recognise every accepted binary format. */
export const SNIFF_BYTES = 4100;

/**
 * How a type's content is checked. Text: valid UTF-8 without NUL bytes
 * (checked while streaming). SVG: text whose leading bytes open an <svg>
 * element. Binary: file-type must recognise the leading bytes as one of
 * `detected`.
 */
type ContentCheck = { kind: 'text' } | { kind: 'svg' } | { kind: 'binary'; detected: readonly string[] };

const text: ContentCheck = { kind: 'text' };
const binary = (...detected: string[]): ContentCheck => ({ kind: 'binary', detected });
const self = (ext: KnownExtension): ContentCheck => binary(FILE_TYPES[ext].mime);

/** file-type reports a ZIP-based format (docx, epub, jar...) by its own name; all are ZIP archives. */
const ZIP_CONTAINERS = binary(
  'application/zip',
  'application/java-archive',
  'application/epub+zip',
  FILE_TYPES.docx.mime,
  FILE_TYPES.xlsx.mime,
  FILE_TYPES.pptx.mime,
  FILE_TYPES.odt.mime,
  FILE_TYPES.ods.mime,
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.android.package-archive',
);

/**
 * Office documents must be the right ZIP container: file-type reads the
 * OOXML [Content_Types].xml or the OpenDocument mimetype entry, so a plain
 * ZIP, or a spreadsheet named .docx, is refused.
 */
const CONTENT_CHECKS: Record<KnownExtension, ContentCheck> = {
  jpeg: self('jpeg'),
  jpg: self('jpg'),
  png: self('png'),
  gif: self('gif'),
  webp: self('webp'),
  heic: binary('image/heic', 'image/heic-sequence', 'image/heif', 'image/heif-sequence'),
  svg: { kind: 'svg' },
  pdf: self('pdf'),
  txt: text,
  md: text,
  csv: text,
  json: text,
  html: text,
  docx: self('docx'),
  xlsx: self('xlsx'),
  pptx: self('pptx'),
  odt: self('odt'),
  ods: self('ods'),
  mp4: binary('video/mp4', 'video/x-m4v'),
  webm: self('webm'),
  mov: self('mov'),
  mp3: self('mp3'),
  ogg: binary('audio/ogg', 'audio/ogg; codecs=opus', 'video/ogg', 'application/ogg'),
  wav: self('wav'),
  flac: self('flac'),
  zip: ZIP_CONTAINERS,
  '7z': self('7z'),
  tar: self('tar'),
  gz: self('gz'),
};

/** The extension of an upload's name, if this installation accepts it (ALLOWED_TYPES); any other is refused before a byte is stored. */
export function acceptedExtension(ext: string, allowed: readonly KnownExtension[]): KnownExtension {
  const accepted = allowed.find((a) => a === ext);
  if (accepted === undefined) throw new StorageError('extension_not_accepted', { extension: ext });
  return accepted;
}

/** Checked as UTF-8 text while streaming. */
export function isTextExtension(ext: KnownExtension): boolean {
  return CONTENT_CHECKS[ext].kind !== 'binary';
}

/** An <svg> element opens within the leading bytes, after any prolog, comments or doctype. */
const SVG_ROOT = /<svg[\s>]/i;

/**
 * The MIME type to store, decided from the leading bytes: binary formats must
 * be recognised as what their extension says. Text formats are checked while
 * streaming as well (valid UTF-8, no NUL bytes).
 */
export async function sniffedMime(ext: KnownExtension, head: Buffer): Promise<string> {
  const check = CONTENT_CHECKS[ext];
  const mime = FILE_TYPES[ext].mime;
  if (check.kind === 'text') return mime;
  if (check.kind === 'svg') {
    if (SVG_ROOT.test(head.toString('utf8'))) return mime;
    throw new StorageError('content_mismatch');
  }
  const detected = await fileTypeFromBuffer(head);
  if (detected && check.detected.includes(detected.mime)) return mime;
  throw new StorageError('content_mismatch');
}

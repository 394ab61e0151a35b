import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_EXTENSIONS, EXTENSION_MIME, type AcceptedExtension } from '@vault/contract';
import { StorageError } from './errors.js';

/** Enough leading bytes for file-type to recognise every accepted binary format. */
export const SNIFF_BYTES = 4100;

const TEXT_EXTENSIONS = new Set<AcceptedExtension>(['txt', 'md', 'csv', 'json']);

/** file-type reports a ZIP-based format (docx, epub, jar...) by its own name; all are ZIP archives. */
const ZIP_CONTAINERS = new Set([
  'application/zip',
  'application/java-archive',
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.android.package-archive',
]);

/** The extension as one the store accepts; any other is refused before a byte is stored. */
export function acceptedExtension(ext: string): AcceptedExtension {
  if (!(ACCEPTED_EXTENSIONS as readonly string[]).includes(ext)) throw new StorageError('extension_not_accepted', { extension: ext });
  return ext as AcceptedExtension;
}

export function isTextExtension(ext: AcceptedExtension): boolean {
  return TEXT_EXTENSIONS.has(ext);
}

/**
 * The MIME type to store, decided from the leading bytes: binary formats must
 * be recognised as what their extension says. Text formats are checked while
 * streaming instead (valid UTF-8, no NUL bytes).
 */
export async function sniffedMime(ext: AcceptedExtension, head: Buffer): Promise<string> {
  if (isTextExtension(ext)) return EXTENSION_MIME[ext];
  const detected = await fileTypeFromBuffer(head);
  if (!detected) throw new StorageError('content_mismatch');
  if (ext === 'zip' ? ZIP_CONTAINERS.has(detected.mime) : detected.mime === EXTENSION_MIME[ext]) {
    return EXTENSION_MIME[ext];
  }
  throw new StorageError('content_mismatch');
}

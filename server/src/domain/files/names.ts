import { LIMITS, extensionOf, replaceUnsafeCharacters, sentence } from '@vault/contract';
import { isUniqueViolation } from '../../db/index.js';
import { Conflict, Invalid } from '../shared/errors.js';

/**
 * A display name for a file: the last path segment of what the client sent,
 * NFC, without control or bidi characters, at most 255 characters with the
 * extension kept. Names are metadata only and never become paths.
 */
export function normalizeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // Bidi controls can disguise an extension ("photo\u202Egnp.exe"): dropped with the control characters.
  const name = replaceUnsafeCharacters(base.normalize('NFC'), '').trim();
  if (name === '' || name === '.' || name === '..') throw new Invalid(sentence('fileNameRequired'));
  if (name.length <= LIMITS.fileNameMax) return name;
  const ext = extensionOf(name);
  const suffix = ext && ext.length < 20 ? `.${ext}` : '';
  // Never half a character: a cut between the halves of a surrogate pair (an emoji) drops the first.
  return name.slice(0, LIMITS.fileNameMax - suffix.length).replace(/[\uD800-\uDBFF]$/, '') + suffix;
}

/** Another file of the owner's in the same folder has this name, ignoring case. */
export class NameTaken extends Conflict {
  constructor(name: string) {
    super(sentence('fileNameTaken', { name }));
  }
}

/**
 * The unique sibling-name index refused a file's insert or rename: every
 * writer of file names maps it here, so a clash reads the same whichever
 * route made it.
 */
export function fileNameConflict(err: unknown, name: string): unknown {
  return isUniqueViolation(err, 'files_sibling_name') ? new NameTaken(name) : err;
}

import { replaceUnsafeCharacters } from '@vault/contract';

/** Characters no common file system takes in a name. */
const RESERVED = /[<>:"/\\|?*]/g;

/** Windows' device names, which it refuses as a file's name whatever its extension ("aux.txt" too). */
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(?=\.|$)/i;

/** The longest name, in bytes of UTF-8, that ext4, APFS and most other file systems take. */
const SEGMENT_MAX_BYTES = 255;

/** An extension longer than this is no extension but part of the name: a cut may take it. */
const EXTENSION_MAX = 20;

const utf8Bytes = (text: string) => Buffer.byteLength(text, 'utf8');

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text`, in whole characters (an emoji with its modifiers is one), of at most `maxBytes` bytes. */
function cutToBytes(text: string, maxBytes: number): string {
  let kept = '';
  let bytes = 0;
  for (const { segment } of graphemes.segment(text)) {
    bytes += utf8Bytes(segment);
    if (bytes > maxBytes) break;
    kept += segment;
  }
  return kept;
}

/**
 * One path segment that extracts safely anywhere: no separators, no control
 * or bidi characters (names stored before they were refused may hold them),
 * no "." or "..", no trailing dots or spaces (Windows drops them), and no
 * device name of Windows ("CON.txt" becomes "CON_.txt").
 */
export function safeSegment(name: string): string {
  const cleaned = replaceUnsafeCharacters(name, '_').replace(RESERVED, '_').replace(/[. ]+$/, '').trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') return '_';
  return cleaned.replace(DEVICE_NAME, '$1_');
}

/**
 * `name` as the n-th of its name ("report (2).pdf"; the first keeps it as it
 * is), cut to at most 255 bytes on whole characters: a name of 255 characters
 * in most scripts takes two or three times as many bytes, which no common
 * file system would extract. The extension and the number survive the cut.
 */
function fittedName(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const hasExtension = dot > 0 && name.length - dot <= EXTENSION_MAX + 1;
  const [stem, extension] = hasExtension ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = `${n > 1 ? ` (${n})` : ''}${extension}`;
  const room = SEGMENT_MAX_BYTES - utf8Bytes(suffix);
  if (utf8Bytes(stem) <= room) return stem + suffix;
  const fitted = cutToBytes(stem, room).replace(/[. ]+$/, '');
  return (fitted === '' ? '_' : fitted) + suffix;
}

/**
 * A directory of an archive ('' for the top level, else its path ending in
 * '/'), handing out its entries' names: unique ignoring case (archives are
 * extracted onto case-insensitive file systems too), so that a later
 * "Report.pdf" beside "report.pdf" becomes "Report (2).pdf".
 */
export class ArchiveDirectory {
  /** The names taken here, in lower case. */
  private readonly taken = new Set<string>();

  constructor(readonly path = '') {}

  /** A name for `name` here, safe and unique: the entry's last segment. */
  take(name: string): string {
    const safe = safeSegment(name);
    let candidate = fittedName(safe, 1);
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n += 1) candidate = fittedName(safe, n);
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

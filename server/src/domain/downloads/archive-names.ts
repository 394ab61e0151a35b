import { numberedName, replaceUnsafeCharacters } from '@vault/contract';

/** Characters no common file system takes in a name. */
const RESERVED = /[<>:"/\\|?*]/g;

/**
 * One path segment that extracts safely anywhere: no separators, no control
 * or bidi characters (names stored before they were refused may hold them),
 * no "." or "..", no trailing dots or spaces (Windows drops them).
 */
export function safeSegment(name: string): string {
  const cleaned = replaceUnsafeCharacters(name, '_').replace(RESERVED, '_').replace(/[. ]+$/, '').trim();
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

/**
 * Entry names unique inside their directory, ignoring case (archives are
 * extracted onto case-insensitive file systems too): a later "Report.pdf"
 * beside "report.pdf" becomes "Report (2).pdf".
 */
export class ArchiveNames {
  private readonly taken = new Set<string>();

  /** The unique path for `name` under `dir` ('' for the top level, else ending in '/'). */
  take(dir: string, name: string): string {
    const safe = safeSegment(name);
    let candidate = safe;
    for (let n = 2; this.taken.has((dir + candidate).toLowerCase()); n += 1) candidate = numberedName(safe, n);
    this.taken.add((dir + candidate).toLowerCase());
    return dir + candidate;
  }
}

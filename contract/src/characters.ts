/**
 * Characters never kept in a name or label that others see: control
 * characters (C0 with NUL and line breaks, DEL, C1 such as the terminal's
 * U+009B) and Unicode's bidirectional controls (marks, embeddings, overrides,
 * isolates). Both are invisible, and a bidi control reorders what is shown
 * around it: "photo\u202Egnp.exe" reads "photoexe.png". Nor half of a
 * surrogate pair without its other half, which is no character at all (a
 * database stores it as garbage). Letters of every script, right-to-left
 * ones included, are not among them.
 */
const UNSAFE = /[\p{Cc}\p{Bidi_Control}\p{Cs}]/gu;

/**
 * A file name as a client sent it, less its NUL characters: file names are
 * cleaned of unsafe characters rather than refused, and no request text may
 * hold a NUL past its schema (PostgreSQL cannot compare with one).
 */
export function withoutNul(text: string): string {
  return text.replaceAll('\u0000', '');
}

/** Whether `text` holds such a character, other than those in `allowed` (a message's line breaks). */
export function hasUnsafeCharacters(text: string, allowed = ''): boolean {
  for (const [found] of text.matchAll(UNSAFE)) if (!allowed.includes(found)) return true;
  return false;
}

/** `text` with each such character, other than those in `allowed`, replaced: for names that are cleaned rather than refused. */
export function replaceUnsafeCharacters(text: string, by: string, allowed = ''): string {
  return text.replace(UNSAFE, (found) => (allowed.includes(found) ? found : by));
}

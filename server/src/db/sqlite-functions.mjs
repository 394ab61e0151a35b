// @ts-check
/**
 * SQL functions of the reading thread's SQLite connection, the one searches
 * run on; the event loop's connection has none (with this one registered
 * there too, the mixed load's writes measured slower). Plain JavaScript
 * (checked by tsc), since the thread runs it as it is.
 */

/**
 * `first_byte(bytes, needle, …)`: the position (from 1) of the first byte of
 * the earliest of the needles (text, searched as UTF-8) in a blob, or NULL
 * when none occurs. Node's search of a buffer skips ahead on a mismatch;
 * SQLite's `instr()` compares at every byte, a call each, and `instr(lower())`
 * folds the whole text first: 0.4 ms for 300,000 characters.
 * @param {unknown} bytes
 * @param {unknown[]} needles
 * @returns {number | null}
 */
export function firstByte(bytes, ...needles) {
  if (!Buffer.isBuffer(bytes)) return null;
  let best = -1;
  for (const needle of needles) {
    if (typeof needle !== 'string' || needle === '') continue;
    // Only an occurrence starting before the best one so far can replace it.
    const within = best < 0 ? bytes : bytes.subarray(0, best - 1 + Buffer.byteLength(needle));
    const at = within.indexOf(needle);
    if (at >= 0) best = at;
  }
  return best < 0 ? null : best + 1;
}

/** @param {import('better-sqlite3').Database} db */
export function addSqlFunctions(db) {
  db.function('first_byte', { deterministic: true, varargs: true }, firstByte);
}

// @ts-check
/**
 * Runs the statements sqlite-reads.ts sends, on a read-only connection of its
 * own to the database file, so that long reads (a listing's page and count, a
 * search) take this thread and not the event loop that serves requests.
 * Plain JavaScript (checked by tsc): a worker thread runs it as it is.
 */
import SQLite from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import { addSqlFunctions } from './sqlite-functions.mjs';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { file, cacheKib, statementsKept } = /** @type {import('./sqlite-reads.js').ReadsWorkerData} */ (workerData);

const db = new SQLite(file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
db.pragma(`cache_size = -${cacheKib}`);
db.pragma('temp_store = MEMORY');
addSqlFunctions(db);

/** @type {Map<string, import('better-sqlite3').Statement>} */
const statements = new Map();

/** @param {string} text */
function prepared(text) {
  let statement = statements.get(text);
  if (statement) {
    statements.delete(text);
  } else {
    statement = db.prepare(text);
    if (statements.size >= statementsKept) statements.delete(/** @type {string} */ (statements.keys().next().value));
  }
  statements.set(text, statement);
  return statement;
}

/** Structured cloning turns a Buffer into a Uint8Array, which better-sqlite3 does not bind. */
const bindable = (/** @type {unknown} */ value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);

/** @param {unknown} value */
const isIdsOfFirst = (value) => typeof value === 'object' && value !== null && 'idsOfFirst' in value;

/** @param {string} sql @param {readonly unknown[]} parameters */
function rowsOf(sql, parameters) {
  const statement = prepared(sql);
  if (!statement.reader) throw new Error('Only statements that return rows run on the reading connection');
  return statement.all(parameters.map(bindable));
}

/** @param {import('./sqlite-reads.js').ReadRequest} request */
function run({ id, sql, parameters, then }) {
  try {
    const rows = rowsOf(sql, parameters);
    const ids = then.length > 0 ? JSON.stringify(rows.map((row) => /** @type {{ id: unknown }} */ (row).id)) : '';
    const after = then.map((next) => rowsOf(next.sql, next.parameters.map((p) => (isIdsOfFirst(p) ? ids : p))));
    port.postMessage({ id, rows, then: after });
  } catch (err) {
    const { message, code } = /** @type {Error & { code?: string }} */ (err);
    port.postMessage({ id, error: { message, code } });
  }
}

port.on('message', run);

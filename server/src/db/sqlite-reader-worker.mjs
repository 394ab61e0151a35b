// @ts-check
/**
 * Runs read-only statements on a connection of its own to the embedded
 * database (sqlite-reader.ts), in a worker thread, so that the longer reads of
 * listings and searches use another core than the event loop's. WAL lets this
 * connection read while the server's own connection writes; each statement
 * sees every commit made before it started. Statements run one at a time, in
 * the order they arrive. Plain JavaScript (checked by tsc): a worker thread
 * runs it as it is.
 */
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/** @typedef {import('./sqlite-reader.js').ReaderRequest} ReaderRequest */
/** @typedef {import('./sqlite-reader.js').ReaderReply} ReaderReply */

/** Statements kept prepared, by text: preparing costs about as much as running most of them. */
const CACHE_SIZE = 200;

/** @type {{ file: string }} */
const { file } = workerData;
const connection = new SQLite(file, { readonly: true, fileMustExist: true });
connection.pragma('busy_timeout = 5000');

/** @type {Map<string, SQLite.Statement>} */
const cache = new Map();

/** @param {string} text */
function prepared(text) {
  let statement = cache.get(text);
  if (statement) {
    cache.delete(text);
  } else {
    statement = connection.prepare(text);
    if (!statement.readonly) throw new Error('Only statements that read run here');
    if (cache.size >= CACHE_SIZE) cache.delete(/** @type {string} */ (cache.keys().next().value));
  }
  cache.set(text, statement);
  return statement;
}

/** Buffers arrive as plain byte arrays, which better-sqlite3 does not bind. @param {unknown} value */
const bindable = (value) => (value instanceof Uint8Array && !Buffer.isBuffer(value) ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value);

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
port.on('message', (/** @type {ReaderRequest} */ request) => {
  /** @type {ReaderReply} */
  let reply;
  try {
    const rows = /** @type {Record<string, unknown>[]} */ (prepared(request.sql).all(request.parameters.map(bindable)));
    reply = { id: request.id, rows };
  } catch (err) {
    const error = /** @type {Error & { code?: string }} */ (err);
    reply = { id: request.id, error: { message: error.message, code: error.code } };
  }
  port.postMessage(reply);
});

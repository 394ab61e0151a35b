// @ts-check
/**
 * Hashes uploads' bytes with SHA-256 on a thread of its own (sha256-thread.ts),
 * so the event loop that reads the sockets and writes the disk never waits
 * for it. Many hashes run here at once, each under the id its sender chose;
 * every batch goes back to its sender once hashed, to be filled again.
 * Plain JavaScript (checked by tsc): a worker thread runs it as it is.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

/** @typedef {import('./sha256-thread.js').ToHasher} ToHasher */

/** @type {Map<number, import('node:crypto').Hash>} */
const hashes = new Map();

parentPort?.on('message', (/** @type {ToHasher} */ message) => {
  if (message.op === 'update') {
    let hash = hashes.get(message.id);
    if (!hash) hashes.set(message.id, (hash = createHash('sha256')));
    hash.update(new Uint8Array(message.batch, 0, message.length));
    parentPort?.postMessage({ op: 'hashed', id: message.id, batch: message.batch }, [message.batch]);
  } else if (message.op === 'digest') {
    const hash = hashes.get(message.id) ?? createHash('sha256');
    hashes.delete(message.id);
    parentPort?.postMessage({ op: 'digest', id: message.id, hex: hash.digest('hex') });
  } else {
    hashes.delete(message.id);
  }
});

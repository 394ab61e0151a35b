// @ts-check
/**
 * Hashes the bytes of streams on a thread of their own (hash-thread.ts), so
 * the event loop that receives them does not. Each batch's buffer goes back
 * to its sender once hashed, for reuse.
 * Plain JavaScript (checked by tsc): a worker thread runs it as it is.
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

/** @type {Map<number, import('node:crypto').Hash>} */
const hashes = new Map();

/** @param {import('./hash-thread.js').ToHashThread} message */
function receive(message) {
  const { stream } = message;
  if (message.kind === 'bytes') {
    let hash = hashes.get(stream);
    if (!hash) hashes.set(stream, (hash = createHash('sha256')));
    hash.update(new Uint8Array(message.buffer, 0, message.length));
    port.postMessage({ kind: 'returned', stream, buffer: message.buffer }, [message.buffer]);
  } else if (message.kind === 'end') {
    const digest = (hashes.get(stream) ?? createHash('sha256')).digest('hex');
    hashes.delete(stream);
    port.postMessage({ kind: 'digest', stream, digest });
  } else {
    hashes.delete(stream);
  }
}

port.on('message', receive);

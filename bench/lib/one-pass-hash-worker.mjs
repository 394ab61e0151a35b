// @ts-check
// The one-pass server's hashing thread (one-pass.ts): SHA-256 of the batches
// it is sent, each batch's buffer handed back once hashed. Plain JavaScript
// (checked by tsc): a worker thread runs it as it is.
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
let hash = createHash('sha256');

/** @param {import('./one-pass.js').ToHasher} message */
function receive(message) {
  if (message.kind === 'bytes') {
    hash.update(new Uint8Array(message.buffer, 0, message.length));
    port.postMessage({ kind: 'returned', buffer: message.buffer }, [message.buffer]);
    return;
  }
  port.postMessage({ kind: 'digest', hex: hash.digest('hex') });
  hash = createHash('sha256');
}

port.on('message', receive);

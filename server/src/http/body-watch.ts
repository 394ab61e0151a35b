import type { IncomingMessage } from 'node:http';
import { bodyRead } from '../body-memory.js';

/**
 * Watches a request body as it is read: `onProgress` for every chunk, and
 * `onIdle` once if no chunk arrives for `idleMs` while the server is ready
 * for more (a body held back by the server's own backpressure, or already
 * received whole, is not idle). Returns a function that stops watching.
 */
export function watchBody(body: IncomingMessage, idleMs: number, onProgress: () => void, onIdle: () => void): () => void {
  const onData = (chunk: Buffer) => {
    bodyRead(chunk.length);
    timer.refresh();
    onProgress();
  };
  const check = () => {
    if (body.complete) return stop();
    if (body.isPaused() || body.readableLength > 0) return void timer.refresh();
    stop();
    onIdle();
  };
  const timer = setTimeout(check, idleMs);
  const stop = () => {
    clearTimeout(timer);
    body.off('data', onData);
    body.off('end', stop);
    body.off('close', stop);
  };
  body.on('data', onData);
  body.once('end', stop);
  body.once('close', stop);
  return stop;
}

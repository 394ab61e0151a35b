import type { Readable } from 'node:stream';

/**
 * Reads a stream to its end, discarding the bytes: a multipart parser moves
 * on to the next part only once the current one has been read.
 */
export function drain(stream: Readable): Promise<void> {
  return new Promise((resolve) => {
    if (stream.readableEnded || stream.destroyed) return resolve();
    stream.on('end', resolve);
    stream.on('close', resolve);
    stream.on('error', () => resolve());
    stream.resume();
  });
}

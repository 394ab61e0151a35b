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

/** The stream's bytes in one buffer, or undefined once there are more than `max` (the stream is then left to the caller to close). */
export async function readAtMost(input: Readable, max: number): Promise<Uint8Array | undefined> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of input as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    parts.push(chunk);
  }
  const data = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return data;
}

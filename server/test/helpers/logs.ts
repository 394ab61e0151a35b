import { PassThrough } from 'node:stream';

/** A log destination for a test server, and everything written to it so far. */
export function logCapture(): { stream: PassThrough; text(): string } {
  const stream = new PassThrough();
  let output = '';
  stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { stream, text: () => output };
}

import { describe, expect, it } from 'vitest';
import { FirstPart } from './one-pass.js';

const boundary = '----vaultbench0123456789abcdef';
const file = Buffer.from(Array.from({ length: 300 }, (_, i) => `line ${i} -- \r\n-`).join(''));
const body = Buffer.concat([
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.zip"\r\n\r\n`),
  file,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

/** The part's bytes when the body arrives in the given pieces. */
function partOf(pieces: Buffer[]): Buffer {
  const part = new FirstPart(boundary);
  return Buffer.concat(pieces.flatMap((piece) => part.scan(piece)));
}

describe('FirstPart', () => {
  it('finds the file part in one piece', () => {
    expect(partOf([body]).equals(file)).toBe(true);
  });

  it('finds it wherever the body is cut in two, the headers and the delimiter included', () => {
    for (let cut = 0; cut <= body.length; cut++) {
      expect(partOf([body.subarray(0, cut), body.subarray(cut)]).equals(file), `cut at ${cut}`).toBe(true);
    }
  });

  it('finds it in pieces smaller than the delimiter', () => {
    for (const size of [1, 7, 13]) {
      const pieces = Array.from({ length: Math.ceil(body.length / size) }, (_, i) => body.subarray(i * size, (i + 1) * size));
      expect(partOf(pieces).equals(file), `pieces of ${size}`).toBe(true);
    }
  });
});

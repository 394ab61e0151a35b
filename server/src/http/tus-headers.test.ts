import { describe, expect, it } from 'vitest';
import { decodeMetadata } from './tus-headers.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('decodeMetadata', () => {
  it('reads key and base64 value pairs, a value perhaps absent', () => {
    expect(decodeMetadata(`filename ${b64('plan.txt')},is_public`)).toEqual({ filename: 'plan.txt', is_public: '' });
    expect(decodeMetadata(undefined)).toEqual({});
  });

  it('takes any key as a key of its own, the names of an object’s own properties too', () => {
    const read = decodeMetadata(`filename ${b64('a.txt')},toString ${b64('x')},__proto__ ${b64('y')},constructor`);
    expect(Object.keys(read)).toEqual(['filename', 'toString', '__proto__', 'constructor']);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    expect(read.toString).toBe('x');
  });

  it('refuses a key named twice and malformed pairs', () => {
    expect(() => decodeMetadata(`filename ${b64('a')},filename ${b64('b')}`)).toThrow('Upload-Metadata names filename twice');
    expect(() => decodeMetadata('filename a b')).toThrow('Upload-Metadata is malformed');
    expect(() => decodeMetadata('filename not*base64')).toThrow('Upload-Metadata is malformed');
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_EXTENSIONS } from '@vault/contract';
import { samples } from '../../test/helpers/files.js';
import { acceptedExtension, isTextExtension, sniffedMime } from './content-rules.js';
import { StorageError } from './errors.js';

const refusal = async (run: () => unknown): Promise<StorageError> => {
  try {
    await run();
  } catch (err) {
    if (err instanceof StorageError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('acceptedExtension', () => {
  it("accepts the installation's extensions only", async () => {
    expect(acceptedExtension('pdf', DEFAULT_EXTENSIONS)).toBe('pdf');
    expect(acceptedExtension('png', DEFAULT_EXTENSIONS)).toBe('png');
    expect(acceptedExtension('docx', ['docx'])).toBe('docx');
    expect(await refusal(() => acceptedExtension('docx', DEFAULT_EXTENSIONS))).toMatchObject({ kind: 'extension_not_accepted', particulars: { extension: 'docx' } });
  });

  it('refuses any other extension, and a name without one, saying which', async () => {
    expect(await refusal(() => acceptedExtension('exe', DEFAULT_EXTENSIONS))).toMatchObject({ kind: 'extension_not_accepted', particulars: { extension: 'exe' } });
    expect(await refusal(() => acceptedExtension('', DEFAULT_EXTENSIONS))).toMatchObject({ kind: 'extension_not_accepted', particulars: { extension: '' } });
  });
});

describe('sniffedMime', () => {
  it('stores a binary format as its extension says once its leading bytes prove it', async () => {
    expect(await sniffedMime('png', samples.png())).toBe('image/png');
    expect(await sniffedMime('jpg', samples.jpeg())).toBe('image/jpeg');
    expect(await sniffedMime('pdf', samples.pdf())).toBe('application/pdf');
    expect(await sniffedMime('zip', samples.zip())).toBe('application/zip');
  });

  it('refuses bytes that are another format, or none it knows', async () => {
    expect(await refusal(() => sniffedMime('png', samples.pdf()))).toMatchObject({ kind: 'content_mismatch' });
    expect(await refusal(() => sniffedMime('pdf', Buffer.from('just words')))).toMatchObject({ kind: 'content_mismatch' });
  });

  it('takes text formats by their extension: their bytes are checked while streaming', async () => {
    expect(isTextExtension('csv')).toBe(true);
    expect(isTextExtension('png')).toBe(false);
    expect(await sniffedMime('md', Buffer.alloc(0))).toBe('text/markdown');
    expect(await sniffedMime('json', samples.pdf())).toBe('application/json');
  });
});

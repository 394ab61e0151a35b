import { describe, expect, it } from 'vitest';
import { StorageError } from '../../storage/errors.js';
import { DomainError } from '../shared/errors.js';
import { DEFAULT_EXTENSIONS } from '@vault/contract';
import { asDomainError } from './refusals.js';

const MB = 1024 * 1024;

describe('asDomainError', () => {
  it("turns each of the storage engine's refusals into the user's sentence", () => {
    expect(asDomainError(new StorageError('too_large', { limitBytes: 100 * MB }), DEFAULT_EXTENSIONS)).toMatchObject({ kind: 'too_large', message: 'File exceeds the 100 MB limit' });
    expect(asDomainError(new StorageError('too_large', { limitBytes: 1500 }), DEFAULT_EXTENSIONS)).toMatchObject({ kind: 'too_large', message: 'File exceeds the 1500 bytes limit' });
    expect(asDomainError(new StorageError('over_budget', { limitBytes: 5 }), DEFAULT_EXTENSIONS)).toMatchObject({ kind: 'quota_exceeded', message: 'Storage quota exceeded' });
    expect(asDomainError(new StorageError('extension_not_accepted', { extension: 'exe' }), DEFAULT_EXTENSIONS)).toMatchObject({
      kind: 'unsupported_type',
      message: 'File type .exe is not allowed',
    });
    expect(asDomainError(new StorageError('content_mismatch'), DEFAULT_EXTENSIONS)).toMatchObject({ kind: 'unsupported_type', message: 'File content does not match its extension' });
  });

  it("lists the installation's extensions when a name has none", () => {
    const err = asDomainError(new StorageError('extension_not_accepted', { extension: '' }), DEFAULT_EXTENSIONS);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).message).toBe('Files need an extension (jpeg, jpg, png, gif, webp, pdf, txt, md, csv, json, zip)');
    expect((asDomainError(new StorageError('extension_not_accepted', { extension: '' }), ['docx', 'pdf']) as DomainError).message).toBe('Files need an extension (docx, pdf)');
  });

  it('passes anything else through unchanged', () => {
    const other = new Error('disk on fire');
    expect(asDomainError(other, DEFAULT_EXTENSIONS)).toBe(other);
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema, registerFormSchema } from './auth.js';
import { deleteUserRequestSchema, passwordChangeSchema, recoveryCodeSchema, totpCodeSchema, twoFactorChangeSchema } from './account.js';
import { adminUserUpdateSchema } from './admin.js';
import { fileUpdateSchema, shareRequestSchema, tagSchema } from './files.js';
import { folderNameSchema } from './folders.js';
import { fileRequestCreateSchema } from './links.js';
import { activityDetail } from './activity-details.js';
import { LIMITS } from './limits.js';
import { isErrorMessageId, sentence, VALIDATION_MESSAGES } from './messages.js';

const catalogue: string[] = Object.values(VALIDATION_MESSAGES);

/** Every message a parse of `input` gives. */
function messagesOf(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('VALIDATION_MESSAGES', () => {
  it('has one id per text, so that a text leads back to its id', () => {
    expect(new Set(catalogue).size).toBe(catalogue.length);
  });

  // What people type into the web's forms: each message they can cause, in the browser or back from the
  // server, must be in the catalogue (the web translates only those).
  it.each<[string, z.ZodType, unknown[]]>([
    ['register', registerFormSchema, [{}, { username: 'a b', email: 'x', password: '1', confirmPassword: '2' }, { username: 'a'.repeat(51), email: `${'a'.repeat(250)}@b.cd`, password: 'x'.repeat(257) }]],
    ['password change', passwordChangeSchema, [{}, { current_password: 'x'.repeat(257), new_password: '1' }]],
    ['code', totpCodeSchema, ['', '12', 'x'.repeat(21)]],
    ['recovery code', recoveryCodeSchema, ['', 'nope', 'x'.repeat(41)]],
    ['quota', adminUserUpdateSchema, [{ storage_quota_mb: 'ten' }, { storage_quota_mb: 1.5 }, { storage_quota_mb: 0 }, { storage_quota_mb: 2 ** 40 }]],
    ['folder name', folderNameSchema, [undefined, ' ', 'a/b', 'x'.repeat(256)]],
    ['tag', tagSchema, [' ', 'x'.repeat(51), 'a\u0001']],
    ['tags', fileUpdateSchema, [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, { original_name: ' ' }, { original_name: 'x'.repeat(256) }]],
    ['sign-in', loginRequestSchema, [{}, { username: 'x'.repeat(251), password: 'x'.repeat(257) }]],
    ['two-factor on or off', twoFactorChangeSchema, [{}, { password: 'x'.repeat(257), code: '1' }]],
    ['delete a user', deleteUserRequestSchema, [{}, { confirm_username: 'x'.repeat(301) }]],
    ['share with users', shareRequestSchema, [{ is_public: false, shared_users: [' ', 'x'.repeat(51)] }, { is_public: false, shared_users: Array.from({ length: 101 }, (_, i) => `u${i}`) }]],
    ['file request', fileRequestCreateSchema, [{ folder_id: 1, password: '', label: 'x'.repeat(101), message: 'x'.repeat(1001) }, { folder_id: 1, label: 'a\u0001', message: 'a\u0001' }]],
  ])('%s messages come from the catalogue', (_form, schema, inputs) => {
    const messages = inputs.flatMap((input) => messagesOf(schema, input));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(catalogue).toContain(message);
  });
});

describe('ERROR_MESSAGES', () => {
  it('fills a sentence with its values, and a count chooses between the pair', () => {
    expect(sentence('fileNameTaken', { name: 'a.txt' })).toEqual({ text: 'A file named "a.txt" already exists here', code: 'fileNameTaken', params: { name: 'a.txt' } });
    expect(sentence('quotaExceeded')).toEqual({ text: 'Storage quota exceeded', code: 'quotaExceeded' });
    expect(sentence('tooManyFailedAttempts', { count: 1 }).text).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(sentence('tooManyFailedAttempts', { count: 5 }).text).toBe('Too many failed attempts. Try again in 5 minutes.');
    expect(sentence('unknownUsers', { count: 2, names: 'a, b' }).text).toBe('Unknown users: a, b');
  });

  it('knows its ids, pairs by their stem', () => {
    expect(isErrorMessageId('uploadStalled')).toBe(true);
    expect(isErrorMessageId('uploadStalled_one')).toBe(false);
    expect(isErrorMessageId('nope')).toBe(false);
  });
});

describe('raw numbers in the catalogues', () => {
  const MB = 1024 * 1024;

  it('travel raw in params and read in the English the server always wrote', () => {
    expect(sentence('fileTooLarge', { size: 100 * MB })).toEqual({ text: 'File exceeds the 100 MB limit', code: 'fileTooLarge', params: { size: 100 * MB } });
    expect(sentence('fileTooLarge', { size: 1536 }).text).toBe('File exceeds the 1536 bytes limit');
    expect(sentence('tooManyFilesPerUpload', { max: LIMITS.maxFilesPerUpload }).text).toBe(`At most ${LIMITS.maxFilesPerUpload} files per upload`);
    expect(VALIDATION_MESSAGES.usernameTooShort).toBe(`Username must be at least ${LIMITS.usernameMin} characters`);
  });

  it('fill the audit log details, a count choosing between the pair', () => {
    expect(activityDetail('zip', { count: 1 })).toEqual({ text: 'zip of 1 file', code: 'zip', params: { count: 1 } });
    expect(activityDetail('zip', { count: 7 }).text).toBe('zip of 7 files');
    expect(activityDetail('toTrash')).toEqual({ text: 'to Trash', code: 'toTrash', params: {} });
    expect(activityDetail('quotaChanged', { name: 'alice', before: 1024 * MB, after: 77 * MB }).text).toBe('alice: quota 1024 MB → 77 MB');
  });
});

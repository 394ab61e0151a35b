import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { registerFormSchema } from './auth.js';
import { passwordChangeSchema, recoveryCodeSchema, totpCodeSchema } from './account.js';
import { adminUserUpdateSchema } from './admin.js';
import { tagSchema } from './files.js';
import { folderNameSchema } from './folders.js';
import { VALIDATION_MESSAGES } from './messages.js';

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

  // What people type into the web's forms: each message they can cause must be in the catalogue (the web translates only those).
  it.each<[string, z.ZodType, unknown[]]>([
    ['register', registerFormSchema, [{}, { username: 'a b', email: 'x', password: '1', confirmPassword: '2' }, { username: 'a'.repeat(51), email: `${'a'.repeat(250)}@b.cd`, password: 'x'.repeat(257) }]],
    ['password change', passwordChangeSchema, [{}, { current_password: 'x'.repeat(257), new_password: '1' }]],
    ['code', totpCodeSchema, ['', '12', 'x'.repeat(21)]],
    ['recovery code', recoveryCodeSchema, ['', 'nope', 'x'.repeat(41)]],
    ['quota', adminUserUpdateSchema, [{ storage_quota_mb: 'ten' }, { storage_quota_mb: 1.5 }, { storage_quota_mb: 0 }, { storage_quota_mb: 2 ** 40 }]],
    ['folder name', folderNameSchema, [undefined, ' ', 'a/b', 'x'.repeat(256)]],
    ['tag', tagSchema, [' ', 'x'.repeat(51), 'a\u0001']],
  ])('%s messages come from the catalogue', (_form, schema, inputs) => {
    const messages = inputs.flatMap((input) => messagesOf(schema, input));
    expect(messages.length).toBeGreaterThan(0);
    for (const message of messages) expect(catalogue).toContain(message);
  });
});

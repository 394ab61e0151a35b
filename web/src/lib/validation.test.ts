import { afterEach, describe, expect, it } from 'vitest';
import { folderNameSchema, VALIDATION_MESSAGES } from '@vault/contract';
import { ApiError, errorMessage } from '../api/client';
import { changeLanguage, i18n } from '../i18n';
import { firstIssueMessage, localizeMessage } from './validation';

afterEach(() => void i18n.changeLanguage('en'));

describe('validation messages', () => {
  it('read as the contract writes them in English', () => {
    expect(localizeMessage(VALIDATION_MESSAGES.tagTooLong)).toBe('Tags must be at most 50 characters');
  });

  it('read in German when the interface is German, from a parse or from the server', async () => {
    await changeLanguage('de');
    const parsed = folderNameSchema.safeParse('a/b');
    expect(parsed.success || firstIssueMessage(parsed.error)).toBe('Ordnernamen dürfen keine Schrägstriche oder Steuerzeichen enthalten');
    expect(errorMessage(new ApiError(400, VALIDATION_MESSAGES.linkLabelCharacters, true), 'Fehler')).toBe('Die Bezeichnung darf keine Steuerzeichen enthalten');
  });

  it('leave any other text as it is', async () => {
    await changeLanguage('de');
    expect(localizeMessage('folder_id is only for moves')).toBe('folder_id is only for moves');
  });
});

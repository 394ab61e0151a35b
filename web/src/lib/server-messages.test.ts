import { afterEach, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '@vault/contract';
import { changeLanguage, i18n } from '../i18n';
import { localizeSaid } from './server-messages';

afterEach(() => void i18n.changeLanguage('en'));

describe("the server's sentences", () => {
  it('read exactly as the server wrote them in English', () => {
    expect(localizeSaid({ error: 'ignored', code: 'fileTooLarge', params: { size: '100 MB' } })).toBe('File exceeds the 100 MB limit');
    expect(localizeSaid({ error: 'ignored', code: 'tooManyFailedAttempts', params: { count: 1 } })).toBe('Too many failed attempts. Try again in 1 minute.');
  });

  it('read in German by their id, with their values and the count choosing the form', async () => {
    await changeLanguage('de');
    expect(localizeSaid({ error: 'Folder named', code: 'folderNameTaken', params: { name: 'Projekte' } })).toBe('Hier gibt es bereits einen Ordner namens „Projekte“');
    expect(localizeSaid({ code: 'tooManyRequests', params: { seconds: 30 } })).toBe('Zu viele Anfragen. Versuchen Sie es in 30 Sekunden erneut.');
    expect(localizeSaid({ code: 'tooManyFailedAttempts', params: { count: 1 } })).toBe('Zu viele Fehlversuche. Versuchen Sie es in 1 Minute erneut.');
    expect(localizeSaid({ code: 'tooManyFailedAttempts', params: { count: 15 } })).toBe('Zu viele Fehlversuche. Versuchen Sie es in 15 Minuten erneut.');
  });

  it('fall back to the validation catalogue by text, and show anything else as sent', async () => {
    await changeLanguage('de');
    expect(localizeSaid({ error: VALIDATION_MESSAGES.signInFailed })).toBe('Benutzername oder Passwort ist falsch');
    expect(localizeSaid({ error: 'A newer sentence', code: 'somethingNewer' })).toBe('A newer sentence');
    expect(localizeSaid({ error: 'folder_id must be a number' })).toBe('folder_id must be a number');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS, VALIDATION_MESSAGES } from '@vault/contract';
import { changeLanguage, i18n } from '../i18n';
import { localizeSaid } from './server-messages';

const MB = 1024 * 1024;

afterEach(() => void i18n.changeLanguage('en'));

describe("the server's sentences", () => {
  it('read as the server wrote them in English, sizes and limits written as everywhere in the interface', () => {
    expect(localizeSaid({ error: 'ignored', code: 'fileTooLarge', params: { size: 100 * MB } })).toBe('File exceeds the 100\u00a0MB limit');
    expect(localizeSaid({ error: 'ignored', code: 'copyTooMany', params: { max: 1000 } })).toMatch(/^A copy makes at most 1,000 files/);
    // A server from before sent the size in English words: they show as they came.
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

  it('write sizes and limits in German, the limits taken from the contract', async () => {
    await changeLanguage('de');
    expect(localizeSaid({ code: 'fileTooLarge', params: { size: 100 * MB } })).toBe('Die Datei überschreitet die Grenze von 100\u00a0MB');
    expect(localizeSaid({ code: 'fileTooLarge', params: { size: 1.5 * 1024 * MB } })).toBe('Die Datei überschreitet die Grenze von 1,5\u00a0GB');
    expect(localizeSaid({ code: 'copyTooMany', params: { max: 1000 } })).toMatch(/^Eine Kopie umfasst höchstens 1\.000 Dateien/);
    expect(localizeSaid({ code: 'tooManyFilesPerUpload', params: { max: LIMITS.maxFilesPerUpload } })).toBe(`Höchstens ${LIMITS.maxFilesPerUpload} Dateien pro Upload`);
    expect(localizeSaid({ error: VALIDATION_MESSAGES.usernameTooShort })).toBe(`Der Benutzername muss mindestens ${LIMITS.usernameMin} Zeichen lang sein`);
    expect(localizeSaid({ error: VALIDATION_MESSAGES.requestMessageTooLong })).toBe('Die Nachricht darf höchstens 1.000 Zeichen lang sein');
  });

  it('fall back to the validation catalogue by text, and show anything else as sent', async () => {
    await changeLanguage('de');
    expect(localizeSaid({ error: VALIDATION_MESSAGES.signInFailed })).toBe('Benutzername oder Passwort ist falsch');
    expect(localizeSaid({ error: 'A newer sentence', code: 'somethingNewer' })).toBe('A newer sentence');
    expect(localizeSaid({ error: 'folder_id must be a number' })).toBe('folder_id must be a number');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../i18n';
import { bulkSummary } from './manage';

afterEach(() => void i18n.changeLanguage('en'));

describe('a bulk action’s toast', () => {
  it("gives the first refusal's reason in the interface language, with its values", async () => {
    await changeLanguage('de');
    const summary = bulkSummary({ action: 'move', items: { file_ids: [1, 2], folder_ids: [] }, folderId: 3, targetName: 'Docs' }, [
      { kind: 'file', id: 1, ok: true },
      { kind: 'file', id: 2, ok: false, error: 'A file named "b.txt" already exists here', code: 'fileNameTaken', params: { name: 'b.txt' } },
    ]);
    expect(summary).toEqual({ ok: false, message: '1 von 2 konnten nicht geändert werden: Hier gibt es bereits eine Datei namens „b.txt“' });
  });
});

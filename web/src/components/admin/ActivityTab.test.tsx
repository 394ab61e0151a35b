import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { ActivityRow } from '@vault/contract';
import { changeLanguage, i18n } from '../../i18n';
import { MIB } from '../../lib/bytes';
import { formatDateTime } from '../../lib/format';
import { mockFetch } from '../../test/fetch-mock';
import { renderUi } from '../../test/render-ui';
import { storeSession } from '../../test/render-app';
import { makeUser } from '../../test/tokens';
import { ActivityTab } from './ActivityTab';

const NBSP = '\u00a0';
const VERSION_AT = '2026-11-30T09:05:00.000Z';

function row(id: number, type: ActivityRow['type'], detail: Pick<ActivityRow, 'detail' | 'detail_code' | 'detail_params'>): ActivityRow {
  return { id, type, file_name: `file-${id}.txt`, file_id: id, username: 'alice', date: new Date().toISOString(), via: null, ...detail };
}

/** A row as the server writes it now: its English, and its id and values. */
const coded = (id: number, type: ActivityRow['type'], code: string, params: ActivityRow['detail_params'], english = 'English') =>
  row(id, type, { detail: english, detail_code: code, detail_params: params });

const ROWS: ActivityRow[] = [
  coded(12, 'upload', 'copy', { name: 'Bericht.pdf' }),
  coded(11, 'delete', 'withFolderToTrash', { folder: 'Projekte' }),
  coded(10, 'upload', 'newVersion', {}),
  coded(9, 'upload', 'restoredVersion', { date: VERSION_AT }),
  coded(8, 'download', 'zip', { count: 1234 }),
  coded(7, 'download', 'zip', { count: 1 }),
  coded(6, 'sessions_ended', 'sessionsEnded', { count: 2 }),
  coded(5, 'share', 'folderSharedWith', { users: 'bob, carol' }),
  coded(4, 'user_update', 'quotaChangedAdminGranted', { name: 'bob', before: 1024 * MIB, after: 1536 * MIB }),
  coded(3, 'user_deleted', 'userDeleted', { name: 'dave', files: 1, folders: 3 }),
  // Written before the ids, and by a newer server with an id this page does not know: their English.
  row(2, 'delete', { detail: 'to Trash', detail_code: null, detail_params: null }),
  coded(1, 'delete', 'somethingNewer', {}, 'something newer'),
];

async function details(): Promise<string[]> {
  storeSession(makeUser({ id: 1, username: 'root', is_admin: true }));
  mockFetch({ 'GET /api/admin/activity': { body: { activity: ROWS } } });
  renderUi(<ActivityTab />);
  const items = await within(await screen.findByRole('list')).findAllByRole('listitem');
  return items.map((item) => item.querySelectorAll('p')[1]?.textContent ?? '');
}

afterEach(() => void i18n.changeLanguage('en'));

describe('ActivityTab details', () => {
  it('reads German rows in German: counts by their plural, sizes and times as the interface writes them, names quoted', async () => {
    await changeLanguage('de');
    expect(await details()).toEqual([
      'Kopie von „Bericht.pdf“',
      'Mit dem Ordner „Projekte“ in den Papierkorb verschoben',
      'Neue Version',
      `Version vom ${formatDateTime(VERSION_AT)} wiederhergestellt`,
      'ZIP mit 1.234 Dateien',
      'ZIP mit 1 Datei',
      '2 Sitzungen',
      'Ordner, privat, geteilt mit bob, carol',
      `bob: Kontingent 1${NBSP}GB → 1,5${NBSP}GB; Administratorzugang erteilt`,
      'dave: 1 Datei, 3 Ordner',
      'to Trash',
      'something newer',
    ]);
  });

  it('reads them in English by the same ids', async () => {
    expect(await details()).toEqual([
      'Copy of “Bericht.pdf”',
      'Moved to Trash with the folder “Projekte”',
      'New version',
      `Restored the version of ${formatDateTime(VERSION_AT)}`,
      'ZIP of 1,234 files',
      'ZIP of 1 file',
      '2 sessions',
      'Folder, private, shared with bob, carol',
      `bob: quota 1${NBSP}GB → 1.5${NBSP}GB; administrator access granted`,
      'dave: 1 file, 3 folders',
      'to Trash',
      'something newer',
    ]);
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeFolder } from './helpers/folders.js';
import { samples, uploadOne } from './helpers/files.js';
import { waitingBehind } from './helpers/pg-locks.js';
import { DATABASES, startTestServer, type TestServer } from './helpers/server.js';

// A delete committing between a star's check and its insert only happens where transactions run side by side.
if (DATABASES.includes('postgres')) {
  describe('a star racing the deletion of its item [postgres]', () => {
    let srv: TestServer | undefined;
    const t = () => srv!;
    beforeAll(async () => {
      srv = await startTestServer('postgres');
    });
    afterAll(async () => {
      await srv?.close();
    });

    /**
     * Deletes the row in a transaction that commits only once another backend
     * waits behind it, as Trash's purge of the item would; the star is asked
     * for meanwhile. The deletion bypasses the domain: this server is the
     * test's own, and nothing after it reads the storage.
     */
    async function starWhileDeleted(table: 'files' | 'folders', id: number, token: string) {
      const { db } = t().server.ctx;
      let starring: Promise<{ status: number; body: unknown }> | undefined;
      await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`delete from ${sql.table(table)} where id = ${id}`.execute(trx);
        starring = t().client.put(`/api/${table}/${id}/star`, { token });
        await vi.waitFor(async () => expect(await waitingBehind(db, rows[0]!.pid)).toBe(1));
      });
      return starring!;
    }

    it('answers not found, and keeps no star, when the file or folder is deleted as it is starred', async () => {
      const alice = await t().client.register();
      const fileId = await uploadOne(t().client, alice.token, { name: 'going.txt', content: samples.text('going\n') });
      const folder = await makeFolder(t(), alice.token, 'Going');

      for (const [table, id] of [['files', fileId], ['folders', folder.id]] as const) {
        const res = await starWhileDeleted(table, id, alice.token);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject(table === 'files' ? { code: 'fileNotFound', error: 'File not found' } : { code: 'folderNotFound', error: 'Folder not found' });
      }
      const { db } = t().server.ctx;
      expect(await db.selectFrom('file_stars').select('file_id').where('user_id', '=', alice.user.id).execute()).toEqual([]);
      expect(await db.selectFrom('folder_stars').select('folder_id').where('user_id', '=', alice.user.id).execute()).toEqual([]);
    });
  });
}

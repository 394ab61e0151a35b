import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { makeFolder } from './helpers/folders.js';
import { samples, settled, uploadOne } from './helpers/files.js';
import { waitingBehind } from './helpers/pg-locks.js';
import { describePostgresOnly } from './helpers/server.js';

type Table = 'files' | 'folders';
type Answer = { status: number; body: unknown };

describePostgresOnly('writes that point at a file or folder racing its deletion', (t) => {
  /**
   * Deletes the row in a transaction that commits only once the request
   * waits behind it, as Trash's purge of the item would. The deletion
   * bypasses the domain: this server is the test's own, and nothing after
   * it reads the storage.
   */
  async function whileDeleted(table: Table, id: number, request: () => Promise<Answer>): Promise<Answer> {
    const { db } = t().server.ctx;
    let answer: Promise<Answer> | undefined;
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`delete from ${sql.table(table)} where id = ${id}`.execute(trx);
      answer = request();
      await vi.waitFor(async () => expect(await waitingBehind(db, rows[0]!.pid)).toBe(1));
    });
    return answer!;
  }

  const notFound = (table: Table) => (table === 'files' ? { code: 'fileNotFound', error: 'File not found' } : { code: 'folderNotFound', error: 'Folder not found' });

  /** alice's file and folder, fresh for each write, and bob to name in shares. */
  async function items() {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const fileId = await uploadOne(t().client, alice.token, { name: 'going.txt', content: samples.text('going\n') });
    const folder = await makeFolder(t(), alice.token, 'Going');
    // The text of the file is read first: that reading would wait behind the delete too.
    await settled(t());
    return { alice, bob, targets: [['files', fileId], ['folders', folder.id]] as const };
  }

  const pointers = async (table: string, column: string, id: number) => (await sql`select 1 as one from ${sql.table(table)} where ${sql.ref(column)} = ${id}`.execute(t().server.ctx.db)).rows.length;

  it('puts a file in Trash only once a change of the owner’s that holds them (a new version, their folder’s trip to Trash) has ended', async () => {
    const alice = await t().client.register();
    const fileId = await uploadOne(t().client, alice.token, { name: 'kept.txt', content: samples.text('kept\n') });
    await settled(t());
    const { db } = t().server.ctx;
    let answer: Promise<{ status: number }> | undefined;
    // As a new version is written: the owner held first, the file's row written after.
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select id from users where id = ${alice.user.id} for update`.execute(trx);
      answer = t().client.delete(`/api/files/${fileId}`, { token: alice.token });
      await vi.waitFor(async () => expect(await waitingBehind(db, rows[0]!.pid)).toBe(1));
      await sql`update files set updated_at = updated_at where id = ${fileId}`.execute(trx);
    });
    expect((await answer!).status).toBe(204);
    const trash = await t().client.get('/api/trash', { token: alice.token });
    expect(trash.body.items.map((i: { id: number }) => i.id)).toEqual([fileId]);
  });

  it('answers not found to a star, and keeps none, when its file or folder is deleted meanwhile', async () => {
    const { alice, targets } = await items();
    for (const [table, id] of targets) {
      const res = await whileDeleted(table, id, () => t().client.put(`/api/${table}/${id}/star`, { token: alice.token }));
      expect([res.status, res.body]).toMatchObject([404, notFound(table)]);
      expect(await pointers(table === 'files' ? 'file_stars' : 'folder_stars', table === 'files' ? 'file_id' : 'folder_id', id)).toBe(0);
    }
  });

  it('answers not found to a share link or a file request, and keeps none, when its file or folder is deleted meanwhile', async () => {
    const { alice, targets } = await items();
    for (const [table, id] of targets) {
      const item = { type: table === 'files' ? 'file' : 'folder', id };
      const res = await whileDeleted(table, id, () => t().client.post('/api/links', { token: alice.token, json: { item, password: 'link password' } }));
      expect([res.status, res.body]).toMatchObject([404, notFound(table)]);
      expect(await pointers('links', table === 'files' ? 'file_id' : 'folder_id', id)).toBe(0);
    }
    const folder = await makeFolder(t(), alice.token, 'Inbox');
    const res = await whileDeleted('folders', folder.id, () => t().client.post('/api/requests', { token: alice.token, json: { folder_id: folder.id } }));
    expect([res.status, res.body]).toMatchObject([404, notFound('folders')]);
    expect(await pointers('links', 'folder_id', folder.id)).toBe(0);
  });

  it('answers not found to a rename and retag, and writes no tag, when the file is deleted meanwhile', async () => {
    const { alice, targets } = await items();
    const [[, fileId]] = targets;
    const change = { original_name: 'renamed.txt', tags: ['kept'] };
    const res = await whileDeleted('files', fileId, () => t().client.put(`/api/files/${fileId}`, { token: alice.token, json: change }));
    expect([res.status, res.body]).toMatchObject([404, notFound('files')]);
    expect(await pointers('file_tags', 'file_id', fileId)).toBe(0);
  });

  it('answers not found to a share change, and records none, when its file or folder is deleted meanwhile', async () => {
    const { alice, bob, targets } = await items();
    for (const [table, id] of targets) {
      const share = { is_public: false, shared_users: [bob.user.username] };
      const res = await whileDeleted(table, id, () => t().client.put(`/api/${table}/${id}/share`, { token: alice.token, json: share }));
      expect([res.status, res.body]).toMatchObject([404, notFound(table)]);
    }
    const shareRows = await sql`select 1 as one from activity where user_id = ${alice.user.id} and type = 'share'`.execute(t().server.ctx.db);
    expect(shareRows.rows).toEqual([]);
  });
});

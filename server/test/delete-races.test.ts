import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { deleteAnyFile } from '../src/domain/admin/delete-any-file.js';
import { deleteFile } from '../src/domain/files/delete-file.js';
import { deleteFolder } from '../src/domain/folders/delete-folder.js';
import { extractTexts } from '../src/domain/texts/extract-text.js';
import { actorOf } from './helpers/actor.js';
import { makeFolder } from './helpers/folders.js';
import { assertStorageConsistent, blobOf, samples, settled, sha256, uploadOne } from './helpers/files.js';
import { describeEachDb, describePostgresOnly } from './helpers/server.js';
import { waitingBehind } from './helpers/pg-locks.js';
import { adminSignIn } from './helpers/users.js';

const ADMIN = { username: 'race_admin', password: 'longpassword' };

describeEachDb(
  'racing deletes',
  (t) => {
    const adminToken = () => adminSignIn(t().client, ADMIN);

    const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

    it('releases a file once when eight deletes of it race', async () => {
      const alice = await t().client.register();
      const bob = await t().client.register();
      const content = samples.png();
      const id = await uploadOne(t().client, alice.token, { name: 'once.png', content });
      await uploadOne(t().client, alice.token, { name: 'twin.png', content });
      await uploadOne(t().client, bob.token, { name: 'bobs.png', content });

      const responses = await Promise.all(Array.from({ length: 8 }, () => t().client.delete(`/api/files/${id}`, { token: alice.token })));
      expect(statuses(responses)).toEqual([204, 404, 404, 404, 404, 404, 404, 404]);
      expect((await blobOf(t(), content))?.ref_count).toBe(2);
      expect((await t().client.get('/api/auth/stats', { token: alice.token })).body.used_storage_bytes).toBe(content.length);
      await assertStorageConsistent(t());
    });

    it('releases the last copy once when eight deletes of it race', async () => {
      const alice = await t().client.register();
      const content = samples.pdf();
      const id = await uploadOne(t().client, alice.token, { name: 'last.pdf', content });

      const responses = await Promise.all(Array.from({ length: 8 }, () => t().client.delete(`/api/files/${id}`, { token: alice.token })));
      expect(statuses(responses)).toEqual([204, 404, 404, 404, 404, 404, 404, 404]);
      expect((await t().client.get('/api/auth/stats', { token: alice.token })).body.used_storage_bytes).toBe(0);
      await assertStorageConsistent(t());
    });

    it('releases each file once when a file delete, an admin delete and a folder delete race', async () => {
      const admin = await adminToken();
      const alice = await t().client.register();
      const bob = await t().client.register();
      for (let round = 0; round < 6; round++) {
        const folder = await makeFolder(t(), alice.token, `Race ${round}`);
        const shared = samples.png();
        const inFolder = { folder_id: String(folder.id) };
        const target = await uploadOne(t().client, alice.token, { name: 'target.png', content: shared }, inFolder);
        await uploadOne(t().client, alice.token, { name: 'sibling.png', content: shared }, inFolder);
        await uploadOne(t().client, alice.token, { name: 'other.txt', content: samples.text() }, inFolder);
        await uploadOne(t().client, bob.token, { name: `bobs-${round}.png`, content: shared });

        const deletes = [
          () => t().client.delete(`/api/files/${target}`, { token: alice.token }),
          () => t().client.delete(`/api/admin/files/${target}`, { token: admin }),
          () => t().client.delete(`/api/folders/${folder.id}`, { token: alice.token }),
        ];
        // Each round starts them in another order.
        const started: Promise<{ status: number }>[] = [];
        for (let k = 0; k < deletes.length; k++) {
          const i = (k + round) % deletes.length;
          started[i] = deletes[i]!();
        }
        const [own, byAdmin, byFolder] = (await Promise.all(started)) as [{ status: number }, { status: number }, { status: number }];
        expect(byFolder.status).toBe(204);
        // At most one of the two file deletes found the file; the folder delete may have taken it first.
        expect([own.status, byAdmin.status].filter((s) => s === 204).length).toBeLessThanOrEqual(1);
        for (const r of [own, byAdmin]) expect([204, 404]).toContain(r.status);
        expect((await blobOf(t(), shared))?.ref_count).toBe(1);
        await assertStorageConsistent(t());
      }
      expect((await t().client.get('/api/auth/stats', { token: alice.token })).body.used_storage_bytes).toBe(0);
    });

    // The same races started in one process, where every delete reads the file before any of them commits.
    it('releases each file once when deletes of every kind race inside one process', async () => {
      const { ctx } = t().server;
      const alice = await t().client.register();
      const bob = await t().client.register();
      const folder = await makeFolder(t(), alice.token, 'In process');
      const shared = samples.png();
      const target = await uploadOne(t().client, alice.token, { name: 'target.png', content: shared }, { folder_id: String(folder.id) });
      await uploadOne(t().client, bob.token, { name: 'bobs.png', content: shared });
      const owner = actorOf(alice);
      const admin = actorOf(bob, true);

      const outcomes = await Promise.allSettled([
        ...Array.from({ length: 4 }, () => deleteFile(ctx, owner, { fileId: target })),
        ...Array.from({ length: 4 }, () => deleteAnyFile(ctx, admin, { fileId: target })),
        deleteFolder(ctx, owner, { folderId: folder.id }),
      ]);
      expect(outcomes.at(-1)!.status).toBe('fulfilled');
      expect(outcomes.slice(0, -1).filter((o) => o.status === 'fulfilled').length).toBeLessThanOrEqual(1);
      for (const o of outcomes) if (o.status === 'rejected') expect(o.reason).toMatchObject({ kind: 'not_found' });
      expect((await blobOf(t(), shared))?.ref_count).toBe(1);
      expect((await t().client.get('/api/auth/stats', { token: alice.token })).body.used_storage_bytes).toBe(0);
      await assertStorageConsistent(t());
    });
  },
  // Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
  { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, TRASH_DAYS: '0' },
);

/** An advisory lock key no other test takes. */
const HOLD_KEY = 7_351_001;

describePostgresOnly(
  'deletes beside the reading of texts',
  (t) => {
    it("never deadlocks with the claim of the content's text, which links the content's files", async () => {
      const { ctx } = t().server;
      const alice = await t().client.register();
      const content = samples.pdf();
      const fileId = await uploadOne(t().client, alice.token, { name: 'claimed.pdf', content });
      await settled(t());
      const hash = sha256(content);
      // The text is to be read again: its claim inserts the row whose trigger locks the blob, then the content's files.
      await ctx.db.deleteFrom('content_texts').where('blob_hash', '=', hash).execute();

      // The delete is held after its file's row goes, by a trigger of this test's own, until the claim has come.
      await sql`create function hold_file_deletes() returns trigger language plpgsql as $$
        begin perform pg_advisory_xact_lock_shared(${sql.lit(HOLD_KEY)}); return null; end $$`.execute(ctx.db);
      await sql`create trigger hold_file_deletes after delete on files for each row execute function hold_file_deletes()`.execute(ctx.db);
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      let holding = (_pid: number) => {};
      const held = new Promise<number>((resolve) => (holding = resolve));
      const holder = ctx.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_advisory_xact_lock(${sql.lit(HOLD_KEY)})`.execute(trx);
        holding(rows[0]!.pid);
        await gate;
      });
      try {
        const pid = await held;
        const deletion = deleteFile(ctx, actorOf(alice), { fileId });
        await vi.waitFor(async () => expect(await waitingBehind(ctx.db, pid)).toBe(1));
        const extraction = extractTexts(ctx, [hash]);
        await vi.waitFor(async () => expect(await waitingBehind(ctx.db, pid)).toBe(2));
        release();
        const outcomes = await Promise.allSettled([deletion, extraction]);
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual(['fulfilled', 'fulfilled']);
      } finally {
        release();
        await holder;
        await sql`drop trigger hold_file_deletes on files`.execute(ctx.db);
        await sql`drop function hold_file_deletes`.execute(ctx.db);
      }
      await settled(t());
      expect(await blobOf(t(), content)).toBeUndefined();
      await assertStorageConsistent(t());
    });
  },
  { TRASH_DAYS: '0' },
);

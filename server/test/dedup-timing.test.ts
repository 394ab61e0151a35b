import { Readable } from 'node:stream';
import { expect, it, vi } from 'vitest';
import { deleteFile } from '../src/domain/files/delete-file.js';
import { commitUpload } from '../src/domain/uploads/commit-upload.js';
import { ingest } from '../src/storage/ingest.js';
import { LeaseKeeper, uploadLeaseMs } from '../src/storage/leases.js';
import { assertStorageConsistent, blobOf, samples, settled, storedKeys, uploadOne } from './helpers/files.js';
import { actorOf } from './helpers/actor.js';
import { describeEachBackend } from './helpers/server.js';

// What a response costs must not depend on whether somebody else holds the
// same content, so the work that would differ happens after it.
// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachBackend('deduplication work after the response', (t) => {
  it('answers a delete of the last copy before collecting the blob, then collects it', async () => {
    const { ctx } = t().server;
    const alice = await t().client.register();
    const content = samples.pdf();
    const id = await uploadOne(t().client, alice.token, { name: 'last.pdf', content });
    const key = (await blobOf(t(), content))!.storage_key;

    // As for a request: what it defers waits until its response has gone.
    const background = ctx.background.held();
    await deleteFile({ ...ctx, background }, actorOf(alice), { fileId: id });
    expect(await blobOf(t(), content)).toMatchObject({ ref_count: 0 });
    expect(await ctx.store.exists(key)).toBe(true);

    background.release();
    await settled(t());
    expect(await blobOf(t(), content)).toBeUndefined();
    expect(await ctx.store.exists(key)).toBe(false);
    await assertStorageConsistent(t());
  });

  it("answers an upload of content another user holds before deleting the new copy, then deletes it", async () => {
    const { ctx } = t().server;
    const alice = await t().client.register();
    const bob = await t().client.register();
    const content = samples.png();
    await uploadOne(t().client, alice.token, { name: 'first.png', content });
    const kept = (await blobOf(t(), content))!.storage_key;

    const background = ctx.background.held();
    const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
    const copy = await ingest(ctx.store, Readable.from([content]), 'png', { maxBytes: ctx.settings.maxFileBytes, budgetBytes: Infinity }, leases);
    const file = await commitUpload({ ...ctx, background }, actorOf(bob), { name: 'second.png', object: copy, options: { isPublic: false, folderId: null, tags: [], onConflict: 'fail' }, leases });
    expect(file).toMatchObject({ original_name: 'second.png', is_duplicate: false, reference_count: 1 });
    expect(await ctx.store.exists(copy.key)).toBe(true);

    background.release();
    await settled(t());
    expect(await ctx.store.exists(copy.key)).toBe(false);
    expect(await storedKeys(t())).toContain(kept);
    expect((await blobOf(t(), content))?.ref_count).toBe(2);
    await assertStorageConsistent(t());
  });

  it('answers an upload of new text content before anything writes its text, as for content another user holds', async () => {
    const { ctx } = t().server;
    const bob = await t().client.register();
    const content = samples.text(`a note of its own ${Date.now()}`);
    const textRow = (hash: string) => ctx.db.selectFrom('content_texts').select(['body']).where('blob_hash', '=', hash).executeTakeFirst();
    const background = ctx.background.held();
    let hash = '';
    try {
      const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
      const object = await ingest(ctx.store, Readable.from([content]), 'txt', { maxBytes: ctx.settings.maxFileBytes, budgetBytes: Infinity }, leases);
      hash = object.hash;
      await commitUpload({ ...ctx, background }, actorOf(bob), { name: 'note.txt', object, options: { isPublic: false, folderId: null, tags: [], onConflict: 'fail' }, leases });
      // Whatever reading its text costs comes after the response, as reading again the text of content another user holds does.
      expect(await textRow(hash)).toBeUndefined();
    } finally {
      background.release();
    }
    await settled(t());
    expect(await textRow(hash)).toEqual({ body: content.toString('utf8') });
  });

  it('once the answer has gone, queues the reading of the text of content another user holds before deleting the copy, as new content’s reading starts at once', async () => {
    const { ctx } = t().server;
    const alice = await t().client.register();
    const bob = await t().client.register();
    const content = samples.text(`a note alice has ${Date.now()}`);
    await uploadOne(t().client, alice.token, { name: 'hers.txt', content });
    await settled(t());

    const order: string[] = [];
    const leases = new LeaseKeeper(ctx, uploadLeaseMs(ctx.settings.uploadIdleMs));
    const copy = await ingest(ctx.store, Readable.from([content]), 'txt', { maxBytes: ctx.settings.maxFileBytes, budgetBytes: Infinity }, leases);
    const added = vi.spyOn(ctx.extractions, 'add').mockImplementation(() => void order.push('read the text'));
    const deleted = vi.spyOn(ctx.store, 'delete').mockImplementation(async (key) => void order.push(key === copy.key ? 'delete the copy' : key));
    const background = ctx.background.held();
    try {
      await commitUpload({ ...ctx, background }, actorOf(bob), { name: 'his.txt', object: copy, options: { isPublic: false, folderId: null, tags: [], onConflict: 'fail' }, leases });
      background.release();
      await settled(t());
      expect(order).toEqual(['read the text', 'delete the copy']);
    } finally {
      added.mockRestore();
      deleted.mockRestore();
    }
    await ctx.store.delete(copy.key);
    ctx.extractions.add([copy.hash]);
    await settled(t());
    await assertStorageConsistent(t());
  });

  it('answers over HTTP while the store has yet to delete anything, then deletes the copy and the collected object', async () => {
    const { store } = t().server.ctx;
    const alice = await t().client.register();
    const bob = await t().client.register();
    const content = samples.text();
    const objects = (await storedKeys(t())).length;
    const a = await uploadOne(t().client, alice.token, { name: 'a.txt', content });

    // Every deletion in the store waits until the test lets it go.
    const deleteNow = store.delete;
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    store.delete = async (key) => {
      await gate;
      return deleteNow(key);
    };
    try {
      const b = await uploadOne(t().client, bob.token, { name: 'b.txt', content });
      expect((await t().client.delete(`/api/files/${a}`, { token: alice.token })).status).toBe(204);
      expect((await t().client.delete(`/api/files/${b}`, { token: bob.token })).status).toBe(204);
    } finally {
      letGo();
      store.delete = deleteNow;
    }
    expect(await storedKeys(t())).toHaveLength(objects);
    expect(await blobOf(t(), content)).toBeUndefined();
    await assertStorageConsistent(t());
  });
}, { TRASH_DAYS: '0' });

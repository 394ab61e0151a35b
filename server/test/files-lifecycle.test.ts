import fs from 'node:fs';
import http from 'node:http';
import { Readable } from 'node:stream';
import { expect, it, vi } from 'vitest';
import { releaseFiles } from '../src/domain/files/release-files.js';
import { runMaintenance } from '../src/maintenance.js';
import { sweepStrayObjects } from '../src/storage/gc.js';
import { createClient } from './helpers/client.js';
import { assertStorageConsistent, blobOf, countRows, objectFiles, samples, settled, storedKeys, upload, uploadOne } from './helpers/files.js';
import { spawnServer } from './helpers/process.js';
import { DATABASES, describeEachBackend, describeEachDb, dropSchema, freshEnv } from './helpers/server.js';
import { newObjectKey } from '../src/storage/keys.js';

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachBackend('deduplication and lifecycle', (t) => {
  it('stores the same content twice by one user once, with the savings shown', async () => {
    const { token } = await t().client.register();
    const content = samples.pdf();
    const first = await upload(t().client, token, [{ name: 'a.pdf', content }]);
    const second = await upload(t().client, token, [{ name: 'b.pdf', content }]);
    expect(first.body.files[0]).toMatchObject({ is_duplicate: false, reference_count: 1 });
    expect(second.body.files[0]).toMatchObject({ is_duplicate: true, reference_count: 2 });
    const blob = await blobOf(t(), content);
    expect(blob?.ref_count).toBe(2);
    expect((await storedKeys(t())).filter((k) => k === blob?.storage_key)).toHaveLength(1);
    const stats = await t().client.get('/api/files/storage/stats', { token });
    expect(stats.body).toEqual({
      total_storage_bytes: content.length,
      original_storage_bytes: 2 * content.length,
      savings_bytes: content.length,
      savings_percentage: 50,
      deduplication_ratio: 0.5,
      file_count: 2,
      unique_file_count: 1,
      trash_bytes: 0,
      trash_file_count: 0,
    });
    const dedup = await t().client.get('/api/files/storage/deduplication', { token });
    expect(dedup.body).toMatchObject({ duplicate_files: 1, saved_bytes: content.length });
    expect(dedup.body.groups[0].files.map((f: { original_name: string }) => f.original_name)).toEqual(['a.pdf', 'b.pdf']);
    await assertStorageConsistent(t());
  });

  it('stores the same content of two users once, and neither can tell', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const content = samples.png();
    await uploadOne(t().client, alice.token, { name: 'secret.png', content });
    const objectsBefore = (await storedKeys(t())).length;
    const res = await upload(t().client, bob.token, [{ name: 'mine.png', content }]);
    expect((await storedKeys(t()))).toHaveLength(objectsBefore);
    expect((await blobOf(t(), content))?.ref_count).toBe(2);

    expect(res.body.files[0]).toMatchObject({ is_duplicate: false, reference_count: 1 });
    const list = await t().client.get('/api/files', { token: bob.token });
    const stats = await t().client.get('/api/files/storage/stats', { token: bob.token });
    const userStats = await t().client.get('/api/auth/stats', { token: bob.token });
    const dedup = await t().client.get('/api/files/storage/deduplication', { token: bob.token });
    expect(list.body.files[0]).toMatchObject({ is_duplicate: false, reference_count: 1 });
    expect(stats.body).toMatchObject({ savings_bytes: 0, total_storage_bytes: content.length, deduplication_ratio: 0 });
    expect(userStats.body.used_storage_bytes).toBe(content.length);
    expect(dedup.body).toEqual({ groups: [], duplicate_files: 0, saved_bytes: 0 });
    for (const r of [res, list, stats, userStats, dedup]) {
      expect(r.text).not.toContain(alice.user.username);
      expect(r.text).not.toContain('secret.png');
    }
  });

  it('removes the object only when the last twin is deleted', async () => {
    const { token } = await t().client.register();
    const content = samples.text();
    const a = await uploadOne(t().client, token, { name: 'a.txt', content });
    const b = await uploadOne(t().client, token, { name: 'b.txt', content });
    const key = (await blobOf(t(), content))!.storage_key;

    expect((await t().client.delete(`/api/files/${a}`, { token })).status).toBe(204);
    expect((await blobOf(t(), content))?.ref_count).toBe(1);
    expect((await storedKeys(t()))).toContain(key);
    const stillThere = await t().client.get(`/api/files/${b}/download`, { token });
    expect(stillThere.text).toBe(content.toString());

    expect((await t().client.delete(`/api/files/${b}`, { token })).status).toBe(204);
    await settled(t());
    expect(await blobOf(t(), content)).toBeUndefined();
    expect((await storedKeys(t()))).not.toContain(key);
    expect((await t().client.get('/api/auth/stats', { token })).body.used_storage_bytes).toBe(0);
    await assertStorageConsistent(t());
  });

  it('keeps ref counts exact under 20 concurrent uploads of the same new content', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => t().client.register()));
    const content = samples.pdf();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(t().client, users[i % 4]!.token, [{ name: `c${i}.pdf`, content }])),
    );
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect((await blobOf(t(), content))?.ref_count).toBe(20);
    await assertStorageConsistent(t());
  });

  it('keeps ref counts and objects exact when deletes race re-uploads of the same content', async () => {
    const { token } = await t().client.register();
    const content = samples.png();
    let current = await uploadOne(t().client, token, { name: 'r0.png', content });
    for (let round = 1; round <= 8; round++) {
      const [deleted, uploaded] = await Promise.all([
        t().client.delete(`/api/files/${current}`, { token }),
        upload(t().client, token, [{ name: `r${round}.png`, content }]),
      ]);
      expect(deleted.status).toBe(204);
      expect(uploaded.status).toBe(201);
      current = uploaded.body.files[0]!.id;
      await assertStorageConsistent(t());
    }
    const download = await t().client.get(`/api/files/${current}/download`, { token });
    expect(Buffer.from(download.text, 'latin1').length).toBeGreaterThan(0);
    expect((await blobOf(t(), content))?.ref_count).toBe(1);
  });

  it('lets an upload that re-references an orphaned blob win over GC', async () => {
    const { token, user } = await t().client.register();
    const content = samples.text();
    const id = await uploadOne(t().client, token, { name: 'o.txt', content });
    const db = t().server.ctx.db;
    // Delete without the immediate collection: the blob waits at ref_count 0 for GC.
    await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('files').select(['id', 'user_id', 'blob_hash', 'file_size']).where('id', '=', id).executeTakeFirstOrThrow();
      await releaseFiles(trx, t().server.ctx.dialect, [row], Date.now());
    });
    expect((await blobOf(t(), content))).toMatchObject({ ref_count: 0 });
    const again = await uploadOne(t().client, token, { name: 'again.txt', content });
    expect(await blobOf(t(), content)).toMatchObject({ ref_count: 1, orphaned_at: null });
    await runMaintenance(t().server.ctx);
    const res = await t().client.get(`/api/files/${again}/download`, { token });
    expect(res.text).toBe(content.toString());
    expect(user.id).toBeGreaterThan(0);
    await assertStorageConsistent(t());
  });

  it('collects orphaned blobs and stray objects past the grace period, and keeps fresh ones', async () => {
    const { ctx } = t().server;
    const orphanContent = samples.pdf();
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'gc.pdf', content: orphanContent });
    await ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('files').select(['id', 'user_id', 'blob_hash', 'file_size']).where('id', '=', id).executeTakeFirstOrThrow();
      await releaseFiles(trx, t().server.ctx.dialect, [row], Date.now());
    });
    // A crash after writing an object and before committing its row leaves a stray.
    const stray = await ctx.store.put(newObjectKey(), Readable.from([Buffer.from('left by a crash')]));

    const report = await runMaintenance(ctx);
    expect(report.blobsCollected).toBeGreaterThanOrEqual(1);
    expect(await blobOf(t(), orphanContent)).toBeUndefined();
    // Within the grace period it may be an upload in flight: kept.
    expect(await storedKeys(t())).toContain(stray.key);
    const hourAndMore = ctx.settings.orphanGraceMs + 60_000;
    expect(await sweepStrayObjects(ctx.db, ctx.store, ctx.settings.orphanGraceMs, Date.now() + hourAndMore)).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(t())).not.toContain(stray.key);
    await assertStorageConsistent(t());
  });
}, { TRASH_DAYS: '0' });

describeEachDb('crash safety on the disk store', (t) => {
  it('leaves no row and no object when the client disconnects mid-upload', async () => {
    const { token } = await t().client.register();
    const files = await countRows(t(), 'files');
    const objects = objectFiles(t().dataDir).length;
    const url = new URL('/api/files/upload', t().url);
    const boundary = 'vaultboundary';
    const req = http.request(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(10_000_000) },
    });
    req.on('error', () => undefined);
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="partial.txt"\r\nContent-Type: text/plain\r\n\r\n`);
    req.write(Buffer.alloc(256 * 1024, 'p'));
    // The object is being written: then the client vanishes.
    await vi.waitFor(() => expect(objectFiles(t().dataDir).length).toBe(objects + 1), { timeout: 10_000 });
    req.destroy();
    await vi.waitFor(() => expect(objectFiles(t().dataDir)).toHaveLength(objects), { timeout: 10_000 });
    expect(await countRows(t(), 'files')).toBe(files);
  });
});

it.each(DATABASES)('recovers from a server killed mid-upload: GC removes the partial object once its lease lapses [%s]', async (db) => {
  const { env, schema } = freshEnv(db, { ORPHAN_GRACE_MINUTES: '0', UPLOAD_IDLE_SECONDS: '1', GC_INTERVAL_SECONDS: '1' });
  const first = await spawnServer(env);
  let second: Awaited<ReturnType<typeof spawnServer>> | undefined;
  try {
    const { token } = await createClient(first.url).register();
    const req = http.request(new URL('/api/files/upload', first.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(50_000_000) },
    });
    req.on('error', () => undefined);
    req.write('--b\r\nContent-Disposition: form-data; name="files"; filename="crash.txt"\r\n\r\n');
    req.write(Buffer.alloc(512 * 1024, 'k'));
    await vi.waitFor(() => expect(objectFiles(env.DATA_DIR!)).toHaveLength(1), { timeout: 15_000 });
    expect(await first.stop('SIGKILL')).toBeNull();
    req.destroy();
    expect(objectFiles(env.DATA_DIR!)).toHaveLength(1);

    // On restart maintenance runs every second: once the dead upload's lease lapses, the stray object goes.
    second = await spawnServer(env);
    await vi.waitFor(() => expect(objectFiles(env.DATA_DIR!)).toHaveLength(0), { timeout: 15_000 });
    const files = await createClient(second.url).get('/api/files', { token });
    expect(files.body.total).toBe(0);
  } finally {
    await first.stop('SIGKILL');
    await second?.stop();
    if (schema) await dropSchema(schema);
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
}, 60_000);

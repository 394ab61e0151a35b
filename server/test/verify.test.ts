import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { newObjectKey } from '../src/storage/keys.js';
import { LeaseKeeper } from '../src/storage/leases.js';
import { describeFinding, verifyStorage } from '../src/storage/verify.js';
import { describeRepair, repairStorage } from '../src/storage/repair.js';
import { buildServer, runCli } from './helpers/cli.js';
import { blobOf, samples, settled, sha256, storedKeys, uploadOne } from './helpers/files.js';
import { describeEachBackend, startTestServer, type TestServer } from './helpers/server.js';

/** Everything verify could touch, to prove it touched nothing. */
async function snapshot(t: TestServer) {
  const db = t.server.ctx.db;
  return {
    blobs: await db.selectFrom('blobs').selectAll().orderBy('hash').execute(),
    users: await db.selectFrom('users').select(['id', 'used_bytes']).orderBy('id').execute(),
    files: await db.selectFrom('files').select(['id', 'blob_hash', 'text_id']).orderBy('id').execute(),
    leases: await db.selectFrom('object_leases').selectAll().orderBy('key').execute(),
    thumbnails: await db.selectFrom('derived_objects').selectAll().orderBy('storage_key').execute(),
    objects: (await storedKeys(t)).sort(),
  };
}

const verify = (t: TestServer) => verifyStorage(t.server.ctx.db, t.server.ctx.store);

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachBackend('verify', (t) => {
  it('finds nothing wrong in an installation that is whole', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const shared = samples.png();
    await uploadOne(t().client, alice.token, { name: 'a.png', content: shared });
    await uploadOne(t().client, alice.token, { name: 'b.png', content: shared });
    await uploadOne(t().client, bob.token, { name: 'c.png', content: shared });
    const gone = await uploadOne(t().client, bob.token, { name: 'gone.pdf', content: samples.pdf() });
    await t().client.delete(`/api/files/${gone}`, { token: bob.token });
    await settled(t());

    const report = await verify(t());
    expect(report.findings).toEqual([]);
    expect(report).toMatchObject({ blobs: 1, objects: 1, users: 2 });
  });

  it('does not count an object that an upload in progress holds as stray', async () => {
    const { ctx } = t().server;
    const leases = new LeaseKeeper(ctx, 60_000);
    const key = newObjectKey();
    await leases.hold(key);
    await ctx.store.put(key, Readable.from([Buffer.from('being uploaded')]));
    try {
      expect((await verify(t())).findings).toEqual([]);
    } finally {
      await ctx.store.delete(key);
      await leases.release(key);
    }
  });

  it('reports each kind of damage on its own line, and changes nothing', async () => {
    const { ctx } = t().server;
    const user = await t().client.register();
    const [lost, flipped, miscounted, foreign] = [samples.pdf(), samples.png(), samples.text(), samples.text()];
    for (const [i, content] of [lost, flipped, miscounted, foreign].entries()) await uploadOne(t().client, user.token, { name: `f${i}.${['pdf', 'png', 'txt', 'txt'][i]}`, content });
    await settled(t());
    const lostBlob = (await blobOf(t(), lost))!;
    const flippedBlob = (await blobOf(t(), flipped))!;
    const miscountedBlob = (await blobOf(t(), miscounted))!;
    const foreignBlob = (await blobOf(t(), foreign))!;

    await ctx.store.delete(lostBlob.storage_key);
    const damaged = Buffer.from(flipped);
    damaged.writeUInt8(damaged.readUInt8(damaged.length - 1) ^ 0xff, damaged.length - 1);
    await ctx.store.delete(flippedBlob.storage_key);
    await ctx.store.put(flippedBlob.storage_key, Readable.from([damaged]));
    const stray = await ctx.store.put(newObjectKey(), Readable.from([Buffer.from('nobody owns this')]));
    await ctx.db.updateTable('blobs').set({ ref_count: sql`ref_count + 2` }).where('hash', '=', miscountedBlob.hash).execute();
    await ctx.db.updateTable('users').set({ used_bytes: sql`used_bytes + 7` }).where('id', '=', user.user.id).execute();
    const foreignText = await ctx.db.selectFrom('content_texts').select('id').where('blob_hash', '=', foreignBlob.hash).executeTakeFirstOrThrow();
    const misled = await ctx.db.updateTable('files').set({ text_id: foreignText.id }).where('blob_hash', '=', miscountedBlob.hash).returning('id').executeTakeFirstOrThrow();
    // A thumbnail whose object went.
    const lostThumbnail = newObjectKey();
    await ctx.db.insertInto('derived_objects').values({ blob_hash: flippedBlob.hash, kind: 'a thumbnail', storage_key: lostThumbnail, size: 1, mime_type: 'image/webp', created_at: Date.now() }).execute();

    const before = await snapshot(t());
    const seen: string[] = [];
    const report = await verifyStorage(ctx.db, ctx.store, (f) => seen.push(describeFinding(f)));
    expect(await snapshot(t())).toEqual(before);

    const charged = lost.length + flipped.length + miscounted.length + foreign.length;
    expect(seen.sort()).toEqual(
      [
        `missing object: blob ${lostBlob.hash} points at ${lostBlob.storage_key}, which is not in the store`,
        `corrupt object: ${flippedBlob.storage_key} of blob ${flippedBlob.hash} holds ${damaged.length} bytes hashing to ${sha256(damaged)} (expected ${flipped.length} bytes)`,
        `stray object: ${stray.key} belongs to no blob, no thumbnail and no upload in progress`,
        `wrong ref_count: blob ${miscountedBlob.hash} records 3, but 1 file or version refers to it`,
        `wrong used_bytes: user ${user.user.id} (${user.user.username}) is charged ${charged + 7} bytes but holds ${charged}`,
        `wrong text link: file ${misled.id} of content ${miscountedBlob.hash} is linked to the text of content ${foreignBlob.hash}`,
        `missing thumbnail: a thumbnail of content ${flippedBlob.hash} points at ${lostThumbnail}, which is not in the store`,
      ].sort(),
    );
    expect(report.findings.map((f) => f.kind).sort()).toEqual(['corrupt_object', 'missing_object', 'missing_thumbnail', 'ref_count', 'stray_object', 'text_link', 'used_bytes']);

    // Repaired, the thumbnail's row goes (the next view draws it again); the lost and corrupt content stays reported.
    const repaired: string[] = [];
    await repairStorage(ctx.db, ctx.store, 0, (r) => repaired.push(describeRepair(r)));
    expect(repaired).toContain(`dropped the thumbnail of content ${flippedBlob.hash} whose object ${lostThumbnail} is gone: it is drawn again when next shown`);
    expect((await verify(t())).findings.map((f) => f.kind).sort()).toEqual(['corrupt_object', 'missing_object']);
  });
}, { TRASH_DAYS: '0' });

beforeAll(buildServer, 120_000);

it('runs as `vault verify`: exit 0 and a summary when whole, a line per problem and exit 1 when not', async () => {
  const t = await startTestServer('sqlite');
  try {
    const { token } = await t.client.register();
    const content = samples.pdf();
    await uploadOne(t.client, token, { name: 'kept.pdf', content });
    const env = { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' };

    const clean = await runCli(['verify'], env);
    expect(clean).toEqual({ code: 0, stdout: 'verify: clean (1 blob, 1 object, 1 user)\n', stderr: '' });

    const blob = (await blobOf(t, content))!;
    await t.server.ctx.store.delete(blob.storage_key);
    const broken = await runCli(['verify'], env);
    expect(broken).toEqual({
      code: 1,
      stdout: `missing object: blob ${blob.hash} points at ${blob.storage_key}, which is not in the store\nverify: 1 problem (1 blob, 0 objects, 1 user)\n`,
      stderr: '',
    });

    const nowhere = await runCli(['verify'], { DATA_DIR: path.join(t.dataDir, 'nowhere') });
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('No Vault database at');
  } finally {
    await t.close();
  }
}, 60_000);

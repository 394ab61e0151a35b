import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it, vi } from 'vitest';
import type { FileItem } from '@vault/contract';
import { describeEachDb, type TestServer } from './helpers/server.js';
import { samples, settled, sha256, upload, uploadForm, uploadOne } from './helpers/files.js';
import { runMaintenance } from '../src/maintenance.js';
import { extractTexts } from '../src/domain/texts/extract-text.js';

/** A word no other test's content holds. */
const word = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

async function found(t: TestServer, token: string, query: string): Promise<string[]> {
  const res = await t.client.get(`/api/files?search=${encodeURIComponent(query)}&sort_by=original_name&sort_order=asc`, { token });
  expect(res.status, res.text).toBe(200);
  return (res.body.files as FileItem[]).map((f) => f.original_name);
}

/**
 * Every file's `text_id` is the id of its content's text row, or null when
 * that content has none: what the triggers keep. Returns how many files hold
 * a text, so that a test can tell the links are there at all.
 */
async function linksAgree(t: TestServer): Promise<number> {
  const { db } = t.server.ctx;
  const texts = new Map((await db.selectFrom('content_texts').select(['id', 'blob_hash']).execute()).map((r) => [r.blob_hash, r.id]));
  const files = await db.selectFrom('files').select(['id', 'blob_hash', 'text_id']).execute();
  expect(files.map((f) => [f.id, f.text_id])).toEqual(files.map((f) => [f.id, texts.get(f.blob_hash) ?? null]));
  return files.filter((f) => f.text_id !== null).length;
}

describeEachDb('files linked to the text of their content', (t) => {
  let alice = { token: '', id: 0 };
  let bob = { token: '', id: 0 };

  beforeAll(async () => {
    const a = await t().client.register();
    const b = await t().client.register();
    alice = { token: a.token, id: a.user.id };
    bob = { token: b.token, id: b.user.id };
  });

  it('links every file of a content, however many hold it and whenever its text is read', async () => {
    const key = word('apple');
    const content = samples.text(`the ${key} harvest`);
    await uploadOne(t().client, alice.token, { name: 'first.txt', content });
    // The second upload finds the text already read, the third may arrive before it is.
    await uploadOne(t().client, alice.token, { name: 'again.txt', content });
    await settled(t());
    await uploadOne(t().client, bob.token, { name: 'copy.txt', content });
    await settled(t());
    expect(await linksAgree(t())).toBeGreaterThanOrEqual(3);
    expect(await found(t(), alice.token, key)).toEqual(['again.txt', 'first.txt']);
    expect(await found(t(), bob.token, key)).toEqual(['copy.txt']);
  });

  /** A text holding a word of its own, uploaded by Alice as `name` and read for her: the content the copies below repeat. */
  async function readForAlice(prefix: string, name: string): Promise<{ key: string; content: Buffer }> {
    const key = word(prefix);
    const content = samples.text(`the ${key} of ${name}`);
    await uploadOne(t().client, alice.token, { name, content });
    await settled(t());
    return { key, content };
  }

  it('reads the text again for a file whose content another user has, and links the file only then', async () => {
    const { key, content } = await readForAlice('ivy', 'ivy.txt');
    const { store } = t().server.ctx;
    const get = store.get.bind(store);
    const reads: string[] = [];
    let letGo = () => {};
    const gate = new Promise<void>((resolve) => (letGo = resolve));
    // Every read of an object waits until the test lets it go.
    vi.spyOn(store, 'get').mockImplementation(async (objectKey, range) => {
      reads.push(objectKey);
      await gate;
      return get(objectKey, range);
    });
    try {
      await uploadOne(t().client, bob.token, { name: 'ivy copy.txt', content });
      // As new content would be: not found until its text is read for it.
      expect(await found(t(), bob.token, key)).toEqual([]);
      // A copy of a user whose file has the text is linked at once.
      await uploadOne(t().client, alice.token, { name: 'ivy again.txt', content });
      expect(await found(t(), alice.token, key)).toEqual(['ivy again.txt', 'ivy.txt']);
    } finally {
      letGo();
      await settled(t());
      vi.restoreAllMocks();
    }
    expect(reads).toHaveLength(1);
    expect(await found(t(), bob.token, key)).toEqual(['ivy copy.txt']);
    await linksAgree(t());
  });

  it('links a file when reading its text again fails: the text read before stays', async () => {
    const { key, content } = await readForAlice('juniper', 'juniper.txt');
    vi.spyOn(t().server.ctx.store, 'get').mockRejectedValue(new Error('the disk is gone'));
    try {
      await uploadOne(t().client, bob.token, { name: 'juniper copy.txt', content });
      await settled(t());
    } finally {
      vi.restoreAllMocks();
    }
    expect(await found(t(), bob.token, key)).toEqual(['juniper copy.txt']);
    expect(await found(t(), alice.token, key)).toEqual(['juniper.txt']);
    const text = await t().server.ctx.db.selectFrom('content_texts').select(['failure']).where('blob_hash', '=', sha256(content)).executeTakeFirstOrThrow();
    expect(text.failure).toBeNull();
    await linksAgree(t());
  });

  it('reads again by maintenance for a file left unlinked (its instance stopped before reading)', async () => {
    const { key, content } = await readForAlice('kale', 'kale.txt');
    await uploadOne(t().client, bob.token, { name: 'kale copy.txt', content });
    await settled(t());
    const { db } = t().server.ctx;
    await db.updateTable('files').set({ text_id: null }).where('user_id', '=', bob.id).where('blob_hash', '=', sha256(content)).execute();
    expect(await found(t(), bob.token, key)).toEqual([]);
    await runMaintenance(t().server.ctx);
    await settled(t());
    expect(await found(t(), bob.token, key)).toEqual(['kale copy.txt']);
    await linksAgree(t());
  });

  it('unlinks the files when their text goes, and links them again when it is read later', async () => {
    const key = word('berry');
    const content = samples.text(`a ${key} pie`);
    await uploadOne(t().client, alice.token, { name: 'pie.txt', content });
    await settled(t());
    await t().server.ctx.db.deleteFrom('content_texts').where('blob_hash', '=', sha256(content)).execute();
    await linksAgree(t());
    expect(await found(t(), alice.token, key)).toEqual([]);
    await runMaintenance(t().server.ctx);
    await settled(t());
    await linksAgree(t());
    expect(await found(t(), alice.token, key)).toEqual(['pie.txt']);
  });

  it('follows the content of a file through a new version and a restore', async () => {
    const [v1, v2] = [word('cherry'), word('damson')];
    await uploadOne(t().client, alice.token, { name: 'versioned.txt', content: samples.text(`first ${v1}`) });
    await settled(t());
    const res = await t().client.post('/api/files/upload?on_conflict=version', {
      token: alice.token,
      body: uploadForm([{ name: 'versioned.txt', content: samples.text(`second ${v2}`) }]),
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.files[0].id as number;
    await settled(t());
    await linksAgree(t());
    expect([await found(t(), alice.token, v1), await found(t(), alice.token, v2)]).toEqual([[], ['versioned.txt']]);
    const versions = await t().client.get(`/api/files/${id}/versions`, { token: alice.token });
    const first = Math.min(...(versions.body.versions as { id: number }[]).map((v) => v.id));
    expect((await t().client.post(`/api/files/${id}/versions/${first}/restore`, { token: alice.token })).status).toBe(200);
    await settled(t());
    await linksAgree(t());
    expect([await found(t(), alice.token, v1), await found(t(), alice.token, v2)]).toEqual([['versioned.txt'], []]);
  });

  it('keeps the link of a file in Trash, restores it with the file, and lets the content go on purge', async () => {
    const key = word('elder');
    const content = samples.text(`${key} flowers`);
    const id = await uploadOne(t().client, bob.token, { name: 'trashed.txt', content });
    await settled(t());
    expect((await t().client.delete(`/api/files/${id}`, { token: bob.token })).status).toBe(204);
    expect(await found(t(), bob.token, key)).toEqual([]);
    await linksAgree(t());
    expect((await t().client.post('/api/trash/restore', { token: bob.token, json: { file_ids: [id] } })).status).toBe(200);
    expect(await found(t(), bob.token, key)).toEqual(['trashed.txt']);
    expect((await t().client.delete(`/api/files/${id}`, { token: bob.token })).status).toBe(204);
    expect((await t().client.delete('/api/trash', { token: bob.token })).status).toBe(200);
    await settled(t());
    await linksAgree(t());
    const { db } = t().server.ctx;
    expect(await db.selectFrom('content_texts').select('id').where('blob_hash', '=', sha256(content)).executeTakeFirst()).toBeUndefined();
  });

  it('links a file inserted while its content\'s text is being claimed, whichever commits first', async () => {
    const key = word('fig');
    const content = samples.text(`${key} jam`);
    await uploadOne(t().client, alice.token, { name: 'jam.txt', content });
    await settled(t());
    const { db } = t().server.ctx;
    const hash = sha256(content);
    await db.deleteFrom('content_texts').where('blob_hash', '=', hash).execute();
    let extraction: Promise<unknown> = Promise.resolve();
    // The file's transaction is open when the claim inserts the text row; on
    // PostgreSQL the claim waits for it, then links the file it can now see.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('blobs').set((eb) => ({ ref_count: eb('ref_count', '+', 1) })).where('hash', '=', hash).execute();
      const now = Date.now();
      await trx
        .insertInto('files')
        .values({ user_id: bob.id, blob_hash: hash, original_name: 'raced.txt', file_size: content.length, mime_type: 'text/plain', folder_id: null, is_public: 0, download_count: 0, created_at: now, updated_at: now })
        .execute();
      extraction = extractTexts(t().server.ctx, [hash]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    await extraction;
    await settled(t());
    await linksAgree(t());
    expect(await found(t(), bob.token, key)).toEqual(['raced.txt']);
  });

  it('counts a large list by names, tags and contents alike, each file once', async () => {
    const key = word('grape');
    const { db } = t().server.ctx;
    const carol = await t().client.register();
    const hash = sha256(randomBytes(16));
    const now = Date.now();
    await db.insertInto('blobs').values({ hash, size: 1, mime_type: 'text/plain', storage_key: `objects/none/${hash}`, head_hash: null, ref_count: 600, created_at: now, orphaned_at: null }).execute();
    const other = sha256(randomBytes(16));
    await db.insertInto('blobs').values({ hash: other, size: 1, mime_type: 'text/plain', storage_key: `objects/none/${other}`, head_hash: null, ref_count: 600, created_at: now, orphaned_at: null }).execute();
    // i % 2: the content holds the word; i % 3: the name; i % 5: a tag. 1,200 files, over the small-list bound.
    const files = await db
      .insertInto('files')
      .values(
        Array.from({ length: 1200 }, (_, i) => ({
          user_id: carol.user.id,
          blob_hash: i % 2 === 0 ? hash : other,
          original_name: i % 3 === 0 ? `${key} ${i}.txt` : `plain ${i}.txt`,
          file_size: 1,
          mime_type: 'text/plain',
          folder_id: null,
          is_public: 0,
          download_count: 0,
          created_at: now - i,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db.insertInto('file_tags').values(files.flatMap((f, i) => (i % 5 === 0 ? [{ file_id: f.id, tag: `${key}-tag` }, { file_id: f.id, tag: `more-${key}` }] : []))).execute();
    // After the files: a text row's insert links every file of its content.
    await db.insertInto('content_texts').values({ blob_hash: hash, body: `the ${key} text`, attempts: 1, extracted_at: now }).execute();
    const expected = Array.from({ length: 1200 }, (_, i) => i).filter((i) => i % 2 === 0 || i % 3 === 0 || i % 5 === 0);
    for (const page of [1, 20]) {
      const res = await t().client.get(`/api/files?search=${key}&sort_by=created_at&sort_order=desc&page=${page}&limit=40`, { token: carol.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body.total).toBe(expected.length);
      expect((res.body.files as FileItem[]).map((f) => f.id)).toEqual(expected.slice((page - 1) * 40, page * 40).map((i) => files[i]!.id));
    }
    // A file in Trash is in no arm.
    await db.updateTable('files').set({ trashed_at: now }).where('id', '=', files[0]!.id).execute();
    const res = await t().client.get(`/api/files?search=${key}`, { token: carol.token });
    expect(res.body.total).toBe(expected.length - 1);
    await linksAgree(t());
  });

  it('links each file of an upload of several', async () => {
    const key = word('hazel');
    const contents = [1, 2, 3].map((i) => samples.text(`${key} nut ${i}`));
    const res = await upload(t().client, alice.token, contents.map((content, i) => ({ name: `nut-${i}.txt`, content })));
    expect(res.status).toBe(201);
    await settled(t());
    await linksAgree(t());
    expect(await found(t(), alice.token, key)).toEqual(['nut-0.txt', 'nut-1.txt', 'nut-2.txt']);
  });
});

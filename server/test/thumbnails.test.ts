import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import sharp from 'sharp';
import { THUMBNAIL_EDGE } from '@vault/contract';
import { sweepStrayObjects } from '../src/storage/gc.js';
import { describeEachDb, type TestServer } from './helpers/server.js';
import { assertStorageConsistent, samples, settled, sha256, storedKeys, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { pdfWithPages, pdfWithPicture } from './helpers/file-samples.js';

/** A real picture, unique by its colour, `width` x `height`. */
function picture(width: number, height: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const background = { r: Math.floor(Math.random() * 256), g: Math.floor(Math.random() * 256), b: Math.floor(Math.random() * 256) };
  return sharp({ create: { width, height, channels: 3, background } })[format]().toBuffer();
}

const thumbnailUrl = (id: number) => `/api/files/${id}/thumbnail`;

async function thumbnailRows(t: TestServer, content: Buffer) {
  return t.server.ctx.db.selectFrom('derived_objects').selectAll().where('blob_hash', '=', sha256(content)).execute();
}

async function usedBytes(t: TestServer, userId: number): Promise<number> {
  const row = await t.server.ctx.db.selectFrom('users').select('used_bytes').where('id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.used_bytes);
}

// Deletes here are permanent: what they release is the subject (Trash: trash.test.ts).
describeEachDb('thumbnails', (t) => {
  it('draws a small WebP once, serves it with ETag and no-store, and never charges it to the quota', async () => {
    const { token, user } = await t().client.register();
    const content = await picture(1200, 800, 'jpeg');
    const id = await uploadOne(t().client, token, { name: 'wide.jpg', content });
    const before = await usedBytes(t(), user.id);

    const res = await fetch(`${t().url}${thumbnailUrl(id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([THUMBNAIL_EDGE, Math.round((THUMBNAIL_EDGE * 800) / 1200)]);
    expect(bytes.length).toBeLessThan(content.length);

    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${sha256(content)}-${THUMBNAIL_EDGE}"`);
    expect((await t().client.get(thumbnailUrl(id), { token, headers: { 'if-none-match': etag } })).status).toBe(304);
    const head = await t().client.request('HEAD', thumbnailUrl(id), { token });
    expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);

    const again = await fetch(`${t().url}${thumbnailUrl(id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    expect(await thumbnailRows(t(), content)).toHaveLength(1);
    expect(await usedBytes(t(), user.id)).toBe(before);
    const file = await t().client.get(`/api/files/${id}`, { token });
    expect(file.body.file.download_count).toBe(0);
    await assertStorageConsistent(t());
  });

  it('renders a picture asked for by many at once a single time', async () => {
    const { token } = await t().client.register();
    const content = await picture(640, 640);
    const id = await uploadOne(t().client, token, { name: 'square.png', content });
    const answers = await Promise.all(Array.from({ length: 6 }, () => t().client.get(thumbnailUrl(id), { token })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await thumbnailRows(t(), content)).toHaveLength(1);
    await assertStorageConsistent(t());
  });

  it("draws each owner's thumbnail of a picture on their first demand, never serving another owner's", async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const carol = await t().client.register();
    const content = await picture(400, 300);
    const own = await uploadOne(t().client, alice.token, { name: 'view.png', content });
    expect((await t().client.get(thumbnailUrl(own), { token: alice.token })).status).toBe(200);
    const [alices] = await thumbnailRows(t(), content);
    // Alice's served at once would tell Bob that somebody holds his picture and has looked at it.
    const copy = await uploadOne(t().client, bob.token, { name: 'same view.png', content });
    expect((await t().client.get(thumbnailUrl(copy), { token: bob.token })).status).toBe(200);
    const rows = await thumbnailRows(t(), content);
    expect(rows).toHaveLength(2);
    // His own second copy, and Alice's file shown to a user she shares it with, use the owner's.
    const again = await uploadOne(t().client, bob.token, { name: 'again.png', content });
    expect((await t().client.get(thumbnailUrl(again), { token: bob.token })).status).toBe(200);
    const share = await t().client.put(`/api/files/${own}/share`, { token: alice.token, json: { is_public: false, shared_users: [carol.user.username] } });
    expect(share.status).toBe(200);
    const shown = await fetch(`${t().url}${thumbnailUrl(own)}`, { headers: { authorization: `Bearer ${carol.token}` } });
    expect(shown.status).toBe(200);
    expect(await thumbnailRows(t(), content)).toEqual(rows);
    expect(rows.map((r) => r.storage_key)).toContain(alices!.storage_key);
    await assertStorageConsistent(t());
  });

  it('follows the download rule: 404 for whoever may not read the file, public files for anyone', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const carol = await t().client.register();
    const privateId = await uploadOne(t().client, alice.token, { name: 'private.png', content: await picture(50, 40) });
    const publicId = await uploadOne(t().client, alice.token, { name: 'public.png', content: await picture(50, 40) }, { is_public: 'true' });
    const folder = await makeFolder(t(), alice.token, 'open', { is_public: true });
    const inFolderId = await uploadOne(t().client, alice.token, { name: 'in-folder.png', content: await picture(50, 40) }, { folder_id: String(folder.id) });
    const share = await t().client.put(`/api/files/${privateId}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    expect(share.status).toBe(200);

    const status = async (id: number, token?: string) => (await t().client.get(thumbnailUrl(id), token ? { token } : {})).status;
    expect(await status(privateId, alice.token)).toBe(200);
    expect(await status(privateId, bob.token)).toBe(200);
    expect(await status(privateId, carol.token)).toBe(404);
    expect(await status(privateId)).toBe(404);
    expect(await status(publicId, carol.token)).toBe(200);
    expect(await status(inFolderId)).toBe(200);
    expect(await status(999_999, alice.token)).toBe(404);
    expect(await status(999_999)).toBe(404);
    expect((await t().client.get('/api/files/abc/thumbnail', { token: alice.token })).status).toBe(400);

    const anonymous = await t().client.get(thumbnailUrl(publicId));
    expect(anonymous.headers.get('cache-control')).toBe('public, no-cache');
    const notFound = await t().client.get(thumbnailUrl(privateId));
    expect(notFound.body).toMatchObject({ error: 'File not found' });
  });

  it('draws the first page of a PDF, white paper and all', async () => {
    const { token } = await t().client.register();
    // A red first page and a blue second one, 300 x 200 points.
    const content = pdfWithPages(
      [
        [0.9, 0.2, 0.2],
        [0.2, 0.2, 0.9],
      ],
      `report ${randomBytes(4).toString('hex')}`,
    );
    const id = await uploadOne(t().client, token, { name: 'report.pdf', content });
    const res = await fetch(`${t().url}${thumbnailUrl(id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await res.arrayBuffer());
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([THUMBNAIL_EDGE, Math.round((THUMBNAIL_EDGE * 200) / 300)]);
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - expected[i]!) < 40);
    expect(near(pixel(5, 5), [255, 255, 255]), `margin ${pixel(5, 5).join()}`).toBe(true);
    expect(near(pixel(info.width / 2, info.height / 3), [230, 51, 51]), `page ${pixel(info.width / 2, info.height / 3).join()}`).toBe(true);
    expect(await thumbnailRows(t(), content)).toHaveLength(1);
    await assertStorageConsistent(t());
  });

  it('leaves out of a PDF page a picture past the 50-megapixel bound, undecoded', async () => {
    const { token } = await t().client.register();
    const pixel = async (content: Buffer) => {
      const id = await uploadOne(t().client, token, { name: `picture ${randomBytes(4).toString('hex')}.pdf`, content });
      const res = await fetch(`${t().url}${thumbnailUrl(id)}`, { headers: { authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).removeAlpha().raw().toBuffer({ resolveWithObject: true });
      const at = (Math.round(info.height / 2) * info.width + Math.round(info.width / 2)) * 3;
      return [...data.subarray(at, at + 3)];
    };
    // Within the bound the black picture is drawn; past it (8,000 x 8,000) the page stays white paper.
    expect((await pixel(pdfWithPicture(600, 400))).every((v) => v < 40)).toBe(true);
    expect((await pixel(pdfWithPicture(8_000, 8_000))).every((v) => v > 215)).toBe(true);
  }, 60_000);

  it('answers 415 for types without thumbnails, and for pictures and PDFs it cannot draw', async () => {
    const { token } = await t().client.register();
    const text = await uploadOne(t().client, token, { name: 'notes.txt', content: samples.text() });
    // The right leading bytes, but no pages.
    const pdf = await uploadOne(t().client, token, { name: 'doc.pdf', content: samples.pdf() });
    const broken = await uploadOne(t().client, token, { name: 'broken.jpg', content: samples.jpeg() });
    // 10,000 x 5,001: past the 50-megapixel bound, refused from its header.
    const huge = await uploadOne(t().client, token, { name: 'huge.png', content: await picture(10_000, 5_001) });

    const res = await t().client.get(thumbnailUrl(text), { token });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ error: 'This file type has no thumbnail' });
    for (const id of [pdf, broken, huge]) {
      const refused = await t().client.get(thumbnailUrl(id), { token });
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual({ error: 'This file cannot be shown as a thumbnail' });
    }
    // Asked again, they are refused at once, not drawn again.
    const read = vi.spyOn(t().server.ctx.store, 'get');
    try {
      for (const id of [pdf, broken, huge]) expect((await t().client.get(thumbnailUrl(id), { token })).status).toBe(415);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
    const hashes = t().server.ctx.db.selectFrom('files').select('blob_hash').where('id', 'in', [text, pdf, broken, huge]);
    expect(await t().server.ctx.db.selectFrom('derived_objects').selectAll().where('blob_hash', 'in', hashes).execute()).toEqual([]);
    await assertStorageConsistent(t());
  });

  it('keeps the thumbnail while its blob lives, through the stray sweep, and drops it with the blob', async () => {
    const { token } = await t().client.register();
    const content = await picture(300, 200);
    const first = await uploadOne(t().client, token, { name: 'a.png', content });
    const second = await uploadOne(t().client, token, { name: 'b.png', content });
    expect((await t().client.get(thumbnailUrl(first), { token })).status).toBe(200);
    const [row] = await thumbnailRows(t(), content);
    expect(row).toBeDefined();

    await sweepStrayObjects(t().server.ctx.db, t().server.ctx.store, 0, Date.now() + 60_000);
    expect(await storedKeys(t())).toContain(row!.storage_key);

    expect((await t().client.delete(`/api/files/${first}`, { token })).status).toBe(204);
    await settled(t());
    expect(await thumbnailRows(t(), content)).toHaveLength(1);
    expect((await t().client.get(thumbnailUrl(second), { token })).status).toBe(200);

    expect((await t().client.delete(`/api/files/${second}`, { token })).status).toBe(204);
    await settled(t());
    expect(await thumbnailRows(t(), content)).toEqual([]);
    expect(await storedKeys(t())).not.toContain(row!.storage_key);
    await assertStorageConsistent(t());
  });
}, { TRASH_DAYS: '0' });

import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import { describeEachBackend } from './helpers/server.js';
import { samples, upload, uploadOne } from './helpers/files.js';
import { zipOf } from './helpers/file-samples.js';
import { lentBuffers } from '../src/storage/fd-source.js';
import { createGroupCommit } from '../src/db/group-commit.js';
import type { Db } from '../src/db/index.js';

const KIB = 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A file of `size` random bytes past its ZIP header: distinct content of any size. */
const binary = (size: number) => zipOf([{ name: 'data.bin', data: randomBytes(size) }]);

function filenameStar(header: string | null): string {
  const match = /filename\*=UTF-8''([^;]+)/.exec(header ?? '');
  return decodeURIComponent(match?.[1] ?? '');
}

describeEachBackend('downloads', (t) => {
  it.each([
    'plain.txt',
    'with "quotes".txt',
    'semi;colon, comma.txt',
    'naïve résumé 履歴書.txt',
    'emoji 🚀.txt',
    "it's (100%) *done*.txt",
    'back\\slash.txt',
  ])('round-trips the name %j through Content-Disposition', async (name) => {
    const { token } = await t().client.register();
    const res = await upload(t().client, token, [{ name, content: samples.text() }]);
    const stored = res.body.files[0]!.original_name;
    const download = await t().client.get(`/api/files/${res.body.files[0]!.id}/download`, { token });
    const header = download.headers.get('content-disposition');
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(header).not.toMatch(/[\r\n]/);
    expect(/filename="([^"]*)"/.exec(header!)![1]).not.toMatch(/["\\/]/);
    expect(filenameStar(header)).toBe(stored);
  });

  it('streams the exact bytes with type, length and ETag, and counts each download once', async () => {
    const { token } = await t().client.register();
    const content = samples.png();
    const id = await uploadOne(t().client, token, { name: 'img.png', content });
    const res = await fetch(`${t().url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await res.arrayBuffer()).equals(content)).toBe(true);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-length')).toBe(String(content.length));
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    const etag = res.headers.get('etag')!;

    const notModified = await t().client.get(`/api/files/${id}/download`, { token, headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    const head = await t().client.request('HEAD', `/api/files/${id}/download`, { token });
    expect(head.status).toBe(200);
    // The GET's headers, its length included.
    expect(head.headers.get('content-length')).toBe(String(content.length));
    expect(head.headers.get('etag')).toBe(etag);
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
    const headOfRange = await t().client.request('HEAD', `/api/files/${id}/download`, { token, headers: { range: 'bytes=0-9' } });
    expect([headOfRange.status, headOfRange.headers.get('content-length'), headOfRange.headers.get('content-range')]).toEqual([206, '10', `bytes 0-9/${content.length}`]);
    const file = await t().client.get(`/api/files/${id}`, { token });
    expect(file.body.file.download_count).toBe(1);
    const rows = await t().server.ctx.db.selectFrom('activity').select('type').where('file_id', '=', id).where('type', '=', 'download').execute();
    expect(rows).toHaveLength(1);
  });

  it('answers single ranges with 206 and impossible ones with 416', async () => {
    const { token } = await t().client.register();
    const content = Buffer.from('0123456789abcdefghij');
    const id = await uploadOne(t().client, token, { name: 'r.txt', content });
    const get = (range: string) => t().client.get(`/api/files/${id}/download`, { token, headers: { range } });

    const first = await get('bytes=0-4');
    expect(first.status).toBe(206);
    expect(first.text).toBe('01234');
    expect(first.headers.get('content-range')).toBe('bytes 0-4/20');
    expect(first.headers.get('content-length')).toBe('5');
    expect((await get('bytes=10-')).text).toBe('abcdefghij');
    expect((await get('bytes=-3')).text).toBe('hij');
    expect((await get('bytes=15-99')).text).toBe('fghij');
    const middle = await get('bytes=5-9');
    expect(middle.text).toBe('56789');

    const unsatisfiable = await get('bytes=20-30');
    expect(unsatisfiable.status).toBe(416);
    expect(unsatisfiable.headers.get('content-range')).toBe('bytes */20');
    // A current copy is told so first, whatever the range.
    const current = await t().client.get(`/api/files/${id}/download`, { token, headers: { range: 'bytes=20-30', 'if-none-match': first.headers.get('etag')! } });
    expect(current.status).toBe(304);
    expect((await get('bytes=0-1,4-5')).status).toBe(200);
    // Only ranges starting at byte 0 count, plus the full download above.
    const file = await t().client.get(`/api/files/${id}`, { token });
    expect(file.body.file.download_count).toBe(2);
  });

  it('serves previews inline for pictures, PDFs and text, without counting; anything else is refused', async () => {
    const { token } = await t().client.register();
    const pdf = await uploadOne(t().client, token, { name: 'doc.pdf', content: samples.pdf() });
    const md = await uploadOne(t().client, token, { name: 'notes.md', content: samples.text('# Notes\n\nSome *text* past the first bytes.\n') });
    const zip = await uploadOne(t().client, token, { name: 'bundle.zip', content: samples.zip() });
    const preview = await t().client.get(`/api/files/${pdf}/download?inline=1`, { token });
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-disposition')).toMatch(/^inline; /);
    // Text previews read the head of the file only.
    const text = await t().client.get(`/api/files/${md}/download?inline=1`, { token, headers: { range: 'bytes=0-6' } });
    expect(text.status).toBe(206);
    expect(text.text).toBe('# Notes');
    expect(text.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(text.headers.get('content-disposition')).toMatch(/^inline; /);
    const refused = await t().client.get(`/api/files/${zip}/download?inline=1`, { token });
    expect(refused.status).toBe(415);
    expect(refused.body.error).toBe('This file type cannot be previewed in the browser');
    for (const id of [pdf, md]) expect((await t().client.get(`/api/files/${id}`, { token })).body.file.download_count).toBe(0);
  });

  it('counts anonymous public downloads', async () => {
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'pub.txt', content: samples.text() }, { is_public: 'true' });
    await t().client.get(`/api/files/public/${id}/download`);
    const file = await t().client.get(`/api/files/public/${id}`);
    expect(file.body.file.download_count).toBe(1);
    const row = await t().server.ctx.db.selectFrom('activity').selectAll().where('file_id', '=', id).where('type', '=', 'download').executeTakeFirstOrThrow();
    expect(row.user_id).toBeNull();
  });

  it('answers a failure to read a public file with none of its headers, never to be stored by a cache', async () => {
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'pub.png', content: samples.png() }, { is_public: 'true' });
    const store = t().server.ctx.store;
    const failing = [vi.spyOn(store, 'open').mockRejectedValue(new Error('the store is away')), vi.spyOn(store, 'get').mockRejectedValue(new Error('the store is away'))];
    try {
      // A preview and a range after byte 0 are not counted: their bytes are opened once the headers are set.
      for (const [path, headers] of [
        [`/api/files/public/${id}/download?inline=1`, {}],
        [`/api/files/public/${id}/download`, { range: 'bytes=5-' }],
      ] as const) {
        const res = await fetch(t().url + path, { headers });
        expect(res.status).toBe(500);
        expect(await res.json()).toEqual({ error: 'Internal server error' });
        expect(res.headers.get('cache-control')).toBe('no-store');
        for (const name of ['etag', 'content-disposition', 'content-range', 'accept-ranges']) expect(res.headers.get(name), name).toBeNull();
      }
    } finally {
      for (const spy of failing) spy.mockRestore();
    }
  });

  it('counts and logs a download before its bytes go, without waiting for the disk', async () => {
    const { token } = await t().client.register();
    const id = await uploadOne(t().client, token, { name: 'often.txt', content: samples.text() });
    const { db, dialect } = t().server.ctx;
    // SQLite's commits wait for an fdatasync of the WAL (db/sqlite.ts): hold every one until the end.
    const held: (() => void)[] = [];
    const fdatasync = fs.fdatasync;
    vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, done: (err: NodeJS.ErrnoException | null) => void) => {
      held.push(() => fdatasync(fd, done));
    }) as typeof fs.fdatasync);
    try {
      const res = await t().client.get(`/api/files/${id}/download`, { token });
      expect(res.status).toBe(200);
      const rows = await db.selectFrom('activity').select('type').where('file_id', '=', id).where('type', '=', 'download').execute();
      expect(rows).toHaveLength(1);
    } finally {
      vi.restoreAllMocks();
      held.splice(0).forEach((go) => go());
    }
    if (dialect === 'postgres') {
      // PostgreSQL's commits wait for its WAL unless the transaction says otherwise.
      const showSetting = async (trx: Db) => [(await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(trx)).rows[0]?.synchronous_commit];
      expect(await createGroupCommit(db, dialect, showSetting).run(null)).toBe('off');
    }
  });

  // The disk store reads into 256 KiB buffers it reuses: sizes and ranges around their edges.
  it('sends exact bytes of several sizes and ranges across read boundaries', async () => {
    const { token } = await t().client.register();
    for (const size of [1, 256 * KIB - 40, 256 * KIB + 1, 1024 * KIB + 3]) {
      const content = binary(size);
      const id = await uploadOne(t().client, token, { name: `s${size}.zip`, content });
      const get = async (range?: string) => {
        const res = await fetch(`${t().url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}`, ...(range ? { range } : {}) } });
        return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const whole = await get();
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(content)).toBe(true);
      const last = content.length - 1;
      const edge = 256 * KIB;
      const ranges = [[0, 0], [last, last], [7, last], ...(last > edge ? [[edge - 2, edge + 1]] : [])];
      for (const [start, end] of ranges as [number, number][]) {
        const part = await get(`bytes=${start}-${end}`);
        expect(part.status).toBe(206);
        expect(part.bytes.equals(content.subarray(start, end + 1))).toBe(true);
      }
    }
  });

  it('keeps concurrent downloads of different files apart', async () => {
    const { token } = await t().client.register();
    const contents = Array.from({ length: 12 }, (_, i) => binary(600 * KIB + i * 1000));
    // One after the other: a user's multipart uploads at once are bounded (UPLOAD_MAX_PARALLEL); the downloads are what runs together.
    const ids: number[] = [];
    for (const [i, content] of contents.entries()) ids.push(await uploadOne(t().client, token, { name: `c${i}.zip`, content }));
    const fetched = await Promise.all(
      [...ids, ...ids].map(async (id) => {
        const res = await fetch(`${t().url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
        return sha256(Buffer.from(await res.arrayBuffer()));
      }),
    );
    expect(fetched).toEqual([...contents, ...contents].map(sha256));
  });

  it('lets go of a download the client abandons, and serves the next', async () => {
    const { token } = await t().client.register();
    const content = binary(8 * 1024 * KIB);
    const id = await uploadOne(t().client, token, { name: 'big.zip', content });
    const url = `${t().url}/api/files/${id}/download`;
    await new Promise<void>((resolve, reject) => {
      const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) => (req.destroyed ? undefined : reject(err)));
    });
    // Every buffer the download held comes back (or is let go), so nothing waits on the closed socket.
    await vi.waitFor(() => expect(lentBuffers()).toBe(0));
    const again = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(sha256(Buffer.from(await again.arrayBuffer()))).toBe(sha256(content));
  });
});

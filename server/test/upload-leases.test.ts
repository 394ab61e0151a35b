import fs from 'node:fs';
import http from 'node:http';
import { sql } from 'kysely';
import type { UploadResponse } from '@vault/contract';
import { expect, it, vi } from 'vitest';
import { runMaintenance } from '../src/maintenance.js';
import { assertStorageConsistent, blobOf, countRows, samples, sha256, storedKeys, uploadForm, uploadOne } from './helpers/files.js';
import { describeEachBackend, type TestServer } from './helpers/server.js';

const MIB = 1024 * 1024;

/** A multipart upload written by hand, so that a test decides when each byte goes. */
function handUpload(t: TestServer, token: string, files: { name: string; content: Buffer }[]) {
  const parts = files.map((f) => ({
    head: Buffer.from(`--b\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/plain\r\n\r\n`),
    content: f.content,
  }));
  const tail = Buffer.from('\r\n--b--\r\n');
  const body = Buffer.concat([...parts.flatMap((p, i) => [i > 0 ? Buffer.from('\r\n') : Buffer.alloc(0), p.head, p.content]), tail]);
  const req = http.request(new URL('/api/files/upload', t.url), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(body.length) },
  });
  const response = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: any }>((resolve, reject) => { // any: the test reads the JSON it expects
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  let sent = 0;
  return {
    response,
    /** Sends the body up to `end` bytes before the end of the last file's content (0: all of it). */
    send(holdBack = 0) {
      const until = body.length - tail.length - holdBack;
      req.write(body.subarray(sent, until));
      sent = until;
    },
    finish() {
      req.end(body.subarray(sent));
    },
  };
}

async function download(t: TestServer, token: string, id: number) {
  const res = await fetch(`${t.url}/api/files/${id}/download`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, content: Buffer.from(await res.arrayBuffer()) };
}

describeEachBackend(
  'uploads in flight and maintenance',
  (t) => {
    it('keeps every object of an upload in flight from the sweep, even with no grace period', async () => {
      const { token } = await t().client.register();
      const first = samples.text();
      // Over one S3 part: the second file's object is an S3 multipart upload while it trickles.
      const second = Buffer.alloc(9 * MIB, 'trickle ');
      const before = (await storedKeys(t())).length;
      const upload = handUpload(t(), token, [
        { name: 'first.txt', content: first },
        { name: 'second.txt', content: second },
      ]);
      upload.send(MIB / 2);
      // The first file is stored and waits for the request to end; the second
      // is being written (a file on disk; on S3 not listed until it completes).
      const listed = before + (t().server.config.s3 ? 1 : 2);
      await vi.waitFor(async () => {
        expect(await countRows(t(), 'object_leases')).toBe(2);
        expect(await storedKeys(t())).toHaveLength(listed);
      }, { timeout: 15_000 });

      await runMaintenance(t().server.ctx);
      upload.finish();
      const res = await upload.response;
      expect(res.status).toBe(201);
      const [a, b] = res.body.files as { id: number }[];
      expect(sha256((await download(t(), token, a!.id)).content)).toBe(sha256(first));
      expect(sha256((await download(t(), token, b!.id)).content)).toBe(sha256(second));
      await assertStorageConsistent(t());
    });

    it('registers leases without waiting for the disk, and answers an upload once its commit is on the disk', async () => {
      const { db, dialect } = t().server.ctx;
      const { token } = await t().client.register();
      // SQLite's commits are flushed by an fdatasync of the WAL (db/sqlite.ts); the store's objects sync through their own handles.
      const walFlushes = vi.spyOn(fs, 'fdatasync');
      await uploadOne(t().client, token, { name: 'synced.txt', content: samples.text() });
      if (dialect === 'sqlite') {
        expect(walFlushes).toHaveBeenCalled();
      } else {
        const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db);
        expect(rows[0]?.synchronous_commit).toBe('on');
      }
      vi.restoreAllMocks();
    });

    it('leaves no lease behind when no file of an upload is stored, nor when one is stored after a refused one', async () => {
      const { token } = await t().client.register();
      await uploadOne(t().client, token, { name: 'taken.txt', content: samples.text() });
      const post = (body: FormData) => t().client.post<UploadResponse>('/api/files/upload', { token, body });
      // Refused before a byte is stored: the folder and on_conflict=fail came first.
      const refused = await post(uploadForm([{ name: 'taken.txt', content: samples.text() }], { folder_id: '', on_conflict: 'fail' }));
      expect(refused.status).toBe(409);
      expect((await post(uploadForm([], { is_public: 'true' }))).status).toBe(400);
      const mixed = await post(uploadForm([{ name: 'tool.exe', content: samples.text() }, { name: 'kept.txt', content: samples.text('kept') }]));
      expect(mixed.body.results.map((r) => r.ok)).toEqual([false, true]);
      expect(await countRows(t(), 'object_leases')).toBe(0);
      await assertStorageConsistent(t());
    });

    it('heals a blob whose object went missing with the next upload of the same content', async () => {
      const alice = await t().client.register();
      const bob = await t().client.register();
      const content = samples.pdf();
      const earlier = await uploadOne(t().client, alice.token, { name: 'earlier.pdf', content });
      // Lost behind Vault's back (a disk fault, an operator's mistake).
      await t().server.ctx.store.delete((await blobOf(t(), content))!.storage_key);
      expect((await download(t(), alice.token, earlier)).status).toBe(500);

      const later = await uploadOne(t().client, bob.token, { name: 'later.pdf', content });
      expect((await download(t(), bob.token, later)).content.equals(content)).toBe(true);
      expect((await download(t(), alice.token, earlier)).content.equals(content)).toBe(true);
      expect((await blobOf(t(), content))?.ref_count).toBe(2);
      await assertStorageConsistent(t());
    });
  },
  { ORPHAN_GRACE_MINUTES: '0' },
);

describeEachBackend(
  'uploads that stall',
  (t) => {
    it('cuts off an upload whose body stops arriving, with a clear error and nothing left behind', async () => {
      const { token } = await t().client.register();
      const files = await countRows(t(), 'files');
      const objects = await storedKeys(t());
      const upload = handUpload(t(), token, [
        { name: 'done.txt', content: samples.text() },
        { name: 'stalled.txt', content: Buffer.alloc(MIB, 'stall ') },
      ]);
      upload.send(MIB / 2);

      const res = await upload.response;
      expect(res.status).toBe(408);
      expect(res.body).toMatchObject({ error: 'The upload stalled: no data arrived for 1 second' });
      expect(res.headers.connection).toBe('close');
      expect(await countRows(t(), 'files')).toBe(files);
      expect(await countRows(t(), 'object_leases')).toBe(0);
      expect(await storedKeys(t())).toEqual(objects);
    });

    it('lets a slow upload through as long as bytes keep arriving', async () => {
      const { token } = await t().client.register();
      const content = Buffer.alloc(64 * 1024, 'slow ');
      const upload = handUpload(t(), token, [{ name: 'slow.txt', content }]);
      // The pauses are the behaviour under test: half the idle limit each,
      // more than the limit in all, never idle that long at once.
      for (const holdBack of [48 * 1024, 32 * 1024, 16 * 1024]) {
        upload.send(holdBack);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      upload.finish();
      const res = await upload.response;
      expect(res.status).toBe(201);
      expect((await download(t(), token, res.body.files[0].id)).content.equals(content)).toBe(true);
    });
  },
  { UPLOAD_IDLE_SECONDS: '1' },
);

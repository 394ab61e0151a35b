import { randomBytes } from 'node:crypto';
import { expect, it, vi } from 'vitest';
import { assertStorageConsistent, samples, sha256 } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { describeEachDb, withTestServer, type TestServer } from './helpers/server.js';
import { createUpload, handPatch, metadataHeader, patch, tusRequest } from './helpers/tus.js';
import { openSocket } from './helpers/ws.js';

/** A visitor has no account: no session travels with their calls. */
const NO_SESSION = '';

async function ownerWithRequest(t: TestServer, extra: Record<string, unknown> = {}) {
  const owner = await t.client.register();
  const folder = await makeFolder(t, owner.token, 'Inbox');
  const res = await t.client.post('/api/requests', { token: owner.token, json: { folder_id: folder.id, ...extra } });
  if (res.status !== 201) throw new Error(`create request failed: ${res.status} ${res.text}`);
  return { owner, folder, request: res.body.request as { id: number; token: string } };
}

/** POST /api/r/{token}/uploads as a visitor; the upload's absolute URL when one was created. */
async function startUpload(t: TestServer, token: string, length: number, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await tusRequest(`${t.url}/api/r/${token}/uploads`, 'POST', NO_SESSION, { 'upload-length': String(length), 'upload-metadata': metadataHeader(fields), ...headers });
  const location = res.headers.get('location');
  return { ...res, location, url: location ? new URL(location, t.url).toString() : '' };
}

/** The same upload's URL under another link's token. */
const underToken = (url: string, token: string) => url.replace(/\/api\/r\/[^/]+\//, `/api/r/${token}/`);
const idOf = (url: string) => url.split('/').pop()!;

async function visitorOffset(url: string, headers: Record<string, string> = {}): Promise<number> {
  const res = await tusRequest(url, 'HEAD', NO_SESSION, headers);
  if (res.status !== 200) throw new Error(`HEAD ${url}: ${res.status}`);
  return Number(res.headers.get('upload-offset'));
}

function linkRow(t: TestServer, id: number) {
  return t.server.ctx.db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describeEachDb(
  'resumable uploads through file requests',
  (t) => {
    it("resume a visitor's cut upload byte-exact into the folder, counted, charged to the owner, who alone is told", async () => {
      const { owner, folder, request } = await ownerWithRequest(t(), { label: 'Scans' });
      const socket = await openSocket(t().url, { token: owner.token });
      try {
        const content = samples.png(randomBytes(1024 * 1024));
        const created = await startUpload(t(), request.token, content.length, { filename: 'scan.png', uploader_name: ' Bob\u0007Visitor ' });
        expect(created.status).toBe(201);
        expect(created.location).toMatch(new RegExp(`^/api/r/${request.token}/uploads/[0-9a-f]{32}$`));

        const first = handPatch(created.url, NO_SESSION, 0, content.length);
        const sent = 300_000;
        await first.send(content.subarray(0, sent));
        const row = () => t().server.ctx.db.selectFrom('resumable_uploads').selectAll().where('id', '=', idOf(created.url)).executeTakeFirst();
        await vi.waitFor(async () => expect((await row())?.lock_token).toBeTruthy());
        first.cut();
        await first.response;
        // The server kept what reached it, once the cut request let go of the upload.
        const offset = await vi.waitFor(async () => {
          expect((await patch(created.url, NO_SESSION, 0, Buffer.alloc(0))).status).toBe(409);
          const at = await visitorOffset(created.url);
          expect(at).toBeGreaterThan(0);
          return at;
        }, { timeout: 15_000 });
        expect(offset).toBeLessThanOrEqual(sent);
        expect(await row()).toMatchObject({ user_id: owner.user.id, link_id: request.id, uploader_name: 'Bob Visitor', folder_id: folder.id, is_public: 0 });

        const rest = await patch(created.url, NO_SESSION, offset, content.subarray(offset));
        expect(rest.status).toBe(204);
        expect(Number(rest.headers.get('upload-offset'))).toBe(content.length);
        // The visitor learns of success, never of the owner's file.
        expect(rest.headers.get('vault-file-id')).toBeNull();
        const asked = await tusRequest(created.url, 'HEAD', NO_SESSION);
        expect(asked.status).toBe(200);
        expect(asked.headers.get('upload-offset')).toBe(String(content.length));
        expect(asked.headers.get('vault-file-id')).toBeNull();

        const arrived = await socket.next((m) => m.type === 'request_uploaded');
        expect(arrived).toMatchObject({ type: 'request_uploaded', link_id: request.id });
        const file = await t().server.ctx.db.selectFrom('files').selectAll().where('id', '=', Number(arrived.file_id)).executeTakeFirstOrThrow();
        expect(file).toMatchObject({ user_id: owner.user.id, folder_id: folder.id, original_name: 'scan.png', is_public: 0 });
        const download = await fetch(`${t().url}/api/files/${file.id}/download`, { headers: { authorization: `Bearer ${owner.token}` } });
        expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(content));

        const activity = await t().server.ctx.db.selectFrom('activity').select(['via', 'via_label', 'visitor']).where('file_id', '=', file.id).where('type', '=', 'upload').execute();
        expect(activity).toEqual([{ via: 'file_request', via_label: 'Scans', visitor: 'Bob Visitor' }]);
        expect(await linkRow(t(), request.id)).toMatchObject({ files_received: 1 });
        expect(Number((await linkRow(t(), request.id)).bytes_received)).toBe(content.length);
        const user = await t().server.ctx.db.selectFrom('users').select('used_bytes').where('id', '=', owner.user.id).executeTakeFirstOrThrow();
        expect(Number(user.used_bytes)).toBe(content.length);
        await assertStorageConsistent(t());
      } finally {
        socket.close();
      }
    });

    it('keep both when the name is taken, apply the type rules and the size limit, and never complete by a SHA-256', async () => {
      const { owner, folder, request } = await ownerWithRequest(t());
      const mine = samples.text();
      const own = await t().client.post('/api/files/upload', {
        token: owner.token,
        body: (() => {
          const form = new FormData();
          form.append('folder_id', String(folder.id));
          form.append('files', new Blob([mine]), 'notes.txt');
          return form;
        })(),
      });
      expect(own.status).toBe(201);
      // The owner's content, declared by its hash: the visitor still sends the bytes.
      const byHash = await startUpload(t(), request.token, mine.length, { filename: 'notes.txt', sha256: sha256(mine) });
      expect(byHash.status).toBe(400);
      const same = await startUpload(t(), request.token, mine.length, { filename: 'notes.txt' });
      expect(same.status).toBe(201);
      expect(same.headers.get('upload-offset')).toBeNull();
      expect((await patch(same.url, NO_SESSION, 0, mine)).status).toBe(204);
      const names = await t().server.ctx.db.selectFrom('files').select('original_name').where('folder_id', '=', folder.id).orderBy('id').execute();
      expect(names.map((f) => f.original_name)).toEqual(['notes.txt', 'notes (2).txt']);

      expect((await startUpload(t(), request.token, 2, { filename: 'run.exe' })).status).toBe(415);
      expect((await startUpload(t(), request.token, 10 ** 15, { filename: 'big.txt' })).status).toBe(413);
      expect((await startUpload(t(), request.token, 2, { filename: 'a.txt', uploader_name: 'x'.repeat(101) })).status).toBe(400);
      expect((await startUpload(t(), request.token, 2, { filename: 'a.txt', folder_id: String(folder.id) })).status).toBe(400);
      expect((await startUpload(t(), request.token, 2, {})).status).toBe(400);
      // An empty file completes at once, counted like any other.
      const empty = await startUpload(t(), request.token, 0, { filename: 'empty.txt' });
      expect(empty.status).toBe(201);
      expect(empty.headers.get('upload-offset')).toBe('0');
      expect(empty.headers.get('vault-file-id')).toBeNull();
      expect((await linkRow(t(), request.id)).files_received).toBe(2);
    });

    it("stop holding the owner's quota once their request is closed, or ended and removed", async () => {
      const { owner, request } = await ownerWithRequest(t());
      await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 100 }).where('id', '=', owner.user.id).execute();
      const own = (length: number) => tusRequest(`${t().url}/api/uploads`, 'POST', owner.token, { 'upload-length': String(length), 'upload-metadata': metadataHeader({ filename: 'mine.txt' }) });
      expect((await startUpload(t(), request.token, 100, { filename: 'held.txt' })).status).toBe(201);
      expect((await own(50)).status).toBe(507);
      expect((await t().client.delete(`/api/requests/${request.id}`, { token: owner.token })).status).toBe(204);
      expect((await own(50)).status).toBe(201);

      const later = await t().client.post('/api/requests', { token: owner.token, json: { folder_id: (await makeFolder(t(), owner.token, 'Later')).id } });
      expect((await startUpload(t(), later.body.request.token, 50, { filename: 'held too.txt' })).status).toBe(201);
      expect((await own(1)).status).toBe(507);
      // Ended by its date: its uploads can go no further, and still hold the quota until the request is removed.
      await t().server.ctx.db.updateTable('links').set({ expires_at: Date.now() - 1 }).where('id', '=', later.body.request.id).execute();
      expect((await own(1)).status).toBe(507);
      expect((await t().client.delete(`/api/requests/ended/${later.body.request.id}`, { token: owner.token })).status).toBe(204);
      expect((await own(1)).status).toBe(201);
    });

    it('count unfinished uploads against max_files, max_bytes, the owner\'s quota and a per-link cap', async () => {
      const files = await ownerWithRequest(t(), { max_files: 2 });
      const a = await startUpload(t(), files.request.token, 10, { filename: 'a.txt' });
      const b = await startUpload(t(), files.request.token, 10, { filename: 'b.txt' });
      expect([a.status, b.status]).toEqual([201, 201]);
      const third = await startUpload(t(), files.request.token, 10, { filename: 'c.txt' });
      expect(third.status).toBe(403);
      expect((await tusRequest(a.url, 'DELETE', NO_SESSION)).status).toBe(204);
      const again = await startUpload(t(), files.request.token, 10, { filename: 'c.txt' });
      expect(again.status).toBe(201);

      const bytes = await ownerWithRequest(t(), { max_bytes: 100 });
      expect((await startUpload(t(), bytes.request.token, 60, { filename: 'a.txt' })).status).toBe(201);
      expect((await startUpload(t(), bytes.request.token, 60, { filename: 'b.txt' })).status).toBe(413);
      expect((await startUpload(t(), bytes.request.token, 40, { filename: 'c.txt' })).status).toBe(201);

      const quota = await ownerWithRequest(t());
      await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 100 }).where('id', '=', quota.owner.user.id).execute();
      const own = await tusRequest(`${t().url}/api/uploads`, 'POST', quota.owner.token, { 'upload-length': '70', 'upload-metadata': metadataHeader({ filename: 'mine.txt' }) });
      expect(own.status).toBe(201);
      expect((await startUpload(t(), quota.request.token, 40, { filename: 'theirs.txt' })).status).toBe(507);
      expect((await startUpload(t(), quota.request.token, 30, { filename: 'theirs.txt' })).status).toBe(201);

      // Visitors fill the link's slots (UPLOAD_MAX_PENDING=3 here), never the owner's.
      const cap = await ownerWithRequest(t());
      for (let i = 0; i < 3; i++) expect((await startUpload(t(), cap.request.token, 5, { filename: `${i}.txt` })).status).toBe(201);
      const over = await startUpload(t(), cap.request.token, 5, { filename: 'more.txt' });
      expect(over.status).toBe(403);
      const owners = await tusRequest(`${t().url}/api/uploads`, 'POST', cap.owner.token, { 'upload-length': '5', 'upload-metadata': metadataHeader({ filename: 'mine.txt' }) });
      expect(owners.status).toBe(201);
    });

    it("admit a visitor's file at its commit as new content, whatever the owner holds", async () => {
      const { owner, request } = await ownerWithRequest(t());
      const held = Buffer.from(randomBytes(30).toString('hex'));
      const mine = await createUpload(t(), owner.token, 60, { filename: 'held.txt' });
      expect(mine.status, JSON.stringify(mine.body)).toBe(201);
      expect((await patch(mine.url, owner.token, 0, held)).status).toBe(204);
      const copy = await startUpload(t(), request.token, 60, { filename: 'guess.txt' });
      expect(copy.status).toBe(201);
      // The owner's quota shrinks while the visitor sends: 30 bytes left, less than the copy, which would be free to the owner.
      await t().server.ctx.db.updateTable('users').set({ storage_quota_bytes: 60 + 30 }).where('id', '=', owner.user.id).execute();
      const sent = await patch(copy.url, NO_SESSION, 0, held);
      expect(sent).toMatchObject({ status: 507, body: { error: 'Storage quota exceeded' } });
      const files = await t().server.ctx.db.selectFrom('files').select('original_name').where('user_id', '=', owner.user.id).execute();
      expect(files.map((f) => f.original_name)).toEqual(['held.txt']);
      await assertStorageConsistent(t());
    });

    it('refuse creation and bytes once the request is closed or expired', async () => {
      const { owner, request } = await ownerWithRequest(t());
      const content = samples.text();
      const created = await startUpload(t(), request.token, content.length, { filename: 'late.txt' });
      await t().client.delete(`/api/requests/${request.id}`, { token: owner.token });
      const refused = await patch(created.url, NO_SESSION, 0, content);
      expect(refused.status).toBe(410);
      expect(refused.body.link_refusal).toBe('revoked');
      expect((await tusRequest(created.url, 'HEAD', NO_SESSION)).status).toBe(410);
      expect((await startUpload(t(), request.token, 5, { filename: 'b.txt' })).body.link_refusal).toBe('revoked');
      expect(await t().server.ctx.db.selectFrom('files').select('id').where('user_id', '=', owner.user.id).execute()).toEqual([]);

      const second = await ownerWithRequest(t());
      const pending = await startUpload(t(), second.request.token, content.length, { filename: 'late.txt' });
      await t().server.ctx.db.updateTable('links').set({ expires_at: Date.now() - 1 }).where('id', '=', second.request.id).execute();
      expect((await patch(pending.url, NO_SESSION, 0, content)).body.link_refusal).toBe('expired');
      const expired = await startUpload(t(), second.request.token, 5, { filename: 'b.txt' });
      expect(expired.status).toBe(410);
      expect(expired.body.link_refusal).toBe('expired');
    });

    it('with a password, need the grant for every call', async () => {
      const { request } = await ownerWithRequest(t(), { password: 'drop box' });
      const content = samples.text();
      const refused = await startUpload(t(), request.token, content.length, { filename: 'a.txt' });
      expect(refused.status).toBe(401);
      expect(refused.body.link_refusal).toBe('password_required');
      const grant = { 'x-link-grant': (await t().client.post(`/api/r/${request.token}/unlock`, { json: { password: 'drop box' } })).body.grant as string };
      const created = await startUpload(t(), request.token, content.length, { filename: 'a.txt' }, grant);
      expect(created.status).toBe(201);
      expect((await tusRequest(created.url, 'HEAD', NO_SESSION)).status).toBe(401);
      expect((await patch(created.url, NO_SESSION, 0, content)).status).toBe(401);
      const other = await ownerWithRequest(t(), { password: 'other' });
      const otherGrant = (await t().client.post(`/api/r/${other.request.token}/unlock`, { json: { password: 'other' } })).body.grant as string;
      expect((await patch(created.url, NO_SESSION, 0, content, { 'x-link-grant': otherGrant })).status).toBe(401);
      expect((await patch(created.url, NO_SESSION, 0, content, grant)).status).toBe(204);
    });

    it('are reachable through their own link alone', async () => {
      const { owner, request } = await ownerWithRequest(t());
      const other = await ownerWithRequest(t());
      const content = samples.text();
      const created = await startUpload(t(), request.token, content.length, { filename: 'a.txt' });
      const elsewhere = underToken(created.url, other.request.token);
      for (const method of ['HEAD', 'DELETE']) expect((await tusRequest(elsewhere, method, NO_SESSION)).status).toBe(404);
      expect((await patch(elsewhere, NO_SESSION, 0, content)).status).toBe(404);
      // The owner's session does not reach it as one of their own uploads, nor does anybody else's.
      const asOwn = `${t().url}/api/uploads/${idOf(created.url)}`;
      for (const token of [owner.token, other.owner.token]) {
        for (const method of ['HEAD', 'DELETE']) expect((await tusRequest(asOwn, method, token)).status).toBe(404);
        expect((await patch(asOwn, token, 0, content)).status).toBe(404);
      }
      // Nor does a link reach the owner's own uploads.
      const own = await tusRequest(`${t().url}/api/uploads`, 'POST', owner.token, { 'upload-length': '5', 'upload-metadata': metadataHeader({ filename: 'mine.txt' }) });
      const ownUnderLink = `${t().url}/api/r/${request.token}/uploads/${idOf(own.headers.get('location')!)}`;
      expect((await tusRequest(ownUnderLink, 'HEAD', NO_SESSION)).status).toBe(404);
      expect((await tusRequest(ownUnderLink, 'DELETE', NO_SESSION)).status).toBe(404);

      const about = await fetch(`${t().url}/api/r/${request.token}/uploads`, { method: 'OPTIONS' });
      expect(about.status).toBe(204);
      expect(about.headers.get('tus-version')).toBe('1.0.0');
      expect(await visitorOffset(created.url)).toBe(0);
      expect((await tusRequest(created.url, 'DELETE', NO_SESSION)).status).toBe(204);
      expect((await tusRequest(created.url, 'HEAD', NO_SESSION)).status).toBe(404);
      await assertStorageConsistent(t());
    });
  },
  { UPLOAD_MAX_PENDING: '3' },
);

it('resumable file request uploads are limited per address', async () => {
  await withTestServer({ RATE_LIMIT_SIGN_IN_MAX: '2' }, async (srv) => {
    const { request } = await ownerWithRequest(srv);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await startUpload(srv, request.token, 5, { filename: `r${i}.txt` })).status);
    expect(statuses).toEqual([201, 201, 429]);
  });
});

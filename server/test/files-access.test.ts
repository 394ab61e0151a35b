import { SignJWT, decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { describeEachDb } from './helpers/server.js';
import { samples, uploadOne } from './helpers/files.js';
import { makeFolder } from './helpers/folders.js';
import { endSession } from './helpers/users.js';

const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret-0123');

describeEachDb('file access rules', (t) => {
  async function privateFileOfSomeoneElse() {
    const owner = await t().client.register();
    const stranger = await t().client.register();
    const content = samples.text();
    const id = await uploadOne(t().client, owner.token, { name: 'private.txt', content });
    return { owner, stranger, id, content };
  }

  it("answers 404 for every route on another user's private file", async () => {
    const { stranger, id } = await privateFileOfSomeoneElse();
    const token = stranger.token;
    const c = t().client;
    const attempts = [
      await c.get(`/api/files/${id}`, { token }),
      await c.get(`/api/files/${id}/download`, { token }),
      await c.get(`/api/files/${id}/download?inline=1`, { token }),
      await c.post(`/api/files/${id}/download-link`, { token }),
      await c.get(`/api/files/${id}/share`, { token }),
      await c.put(`/api/files/${id}/share`, { token, json: { is_public: true } }),
      await c.put(`/api/files/${id}`, { token, json: { original_name: 'mine.txt' } }),
      await c.delete(`/api/files/${id}`, { token }),
      await c.get(`/api/files/public/${id}`),
      await c.get(`/api/files/public/${id}/download`),
      await c.get(`/api/files/public/${id}/download`, { token }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: 'File not found' });
    }
    const list = await c.get('/api/files', { token });
    expect(list.body.files.map((f: { id: number }) => f.id)).not.toContain(id);
    const missing = await c.get('/api/files/99999999', { token });
    expect(missing.body).toMatchObject({ error: 'File not found' });
  });

  it('validates ids and the anonymous caller', async () => {
    const { token } = await t().client.register();
    expect((await t().client.get('/api/files/abc', { token })).body).toEqual({ error: 'Invalid id' });
    expect((await t().client.get('/api/files/-1/download', { token })).status).toBe(400);
    expect((await t().client.get('/api/files/1.5', { token })).status).toBe(400);
    // Decimal digits alone: other ways of writing a number name no file (not 1000, 16, 1 or 1).
    const id = await uploadOne(t().client, token, { name: 'one.txt', content: samples.text() });
    expect((await t().client.get(`/api/files/${id}`, { token })).status).toBe(200);
    for (const other of [`${id}e0`, `0x${id.toString(16)}`, `${id}.0`, `%20${id}`, `+${id}`]) {
      expect((await t().client.get(`/api/files/${other}`, { token })).body, other).toEqual({ error: 'Invalid id' });
    }
    const listed = (query: string) => t().client.get(`/api/files?${query}`, { token });
    expect((await listed('page=1e0')).body).toEqual({ error: 'page must be a number' });
    expect((await listed('limit=0x10')).body).toEqual({ error: 'limit must be a number' });
    expect((await listed('min_size=1e3')).body).toEqual({ error: 'Sizes must be numbers of bytes' });
    expect((await listed('page=1&limit=20&min_size=0')).body.files.map((f: { id: number }) => f.id)).toEqual([id]);
    expect((await t().client.get('/api/files')).status).toBe(401);
    expect((await t().client.get('/api/files/1/download')).status).toBe(401);
  });

  it('serves public files to anyone, without letting them change it', async () => {
    const { owner, stranger, id, content } = await privateFileOfSomeoneElse();
    expect((await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: true, shared_users: [] } })).status).toBe(200);
    const anonymous = await t().client.get(`/api/files/public/${id}/download`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).toBe(content.toString());
    expect((await t().client.get(`/api/files/public/${id}`)).body.file.original_name).toBe('private.txt');
    const publicList = await t().client.get('/api/files/public?search=private');
    expect(publicList.body.files.map((f: { id: number }) => f.id)).toContain(id);
    expect((await t().client.get(`/api/files/${id}`, { token: stranger.token })).status).toBe(200);
    expect((await t().client.delete(`/api/files/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await t().client.put(`/api/files/${id}/share`, { token: stranger.token, json: { is_public: false } })).status).toBe(404);
  });

  it('shares a private file with named users only, replaced as a set', async () => {
    const { owner, stranger, id } = await privateFileOfSomeoneElse();
    const third = await t().client.register();
    const share = await t().client.put(`/api/files/${id}/share`, {
      token: owner.token,
      json: { is_public: false, shared_users: [stranger.user.username.toUpperCase(), owner.user.username] },
    });
    expect(share.status).toBe(200);
    expect(share.body).toEqual({ is_public: false, shared_users: [stranger.user.username] });
    expect((await t().client.get(`/api/files/${id}/share`, { token: owner.token })).body).toEqual(share.body);

    const list = await t().client.get('/api/files', { token: stranger.token });
    expect(list.body.files.map((f: { id: number }) => f.id)).toContain(id);
    expect((await t().client.get(`/api/files/${id}/download`, { token: stranger.token })).status).toBe(200);
    expect((await t().client.get(`/api/files/${id}/download`, { token: third.token })).status).toBe(404);

    const unshare = await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: false, shared_users: [] } });
    expect(unshare.body.shared_users).toEqual([]);
    expect((await t().client.get(`/api/files/${id}/download`, { token: stranger.token })).status).toBe(404);
    const activity = await t().server.ctx.db.selectFrom('activity').select('type').where('file_id', '=', id).where('type', '=', 'share').execute();
    expect(activity).toHaveLength(2);
  });

  it('refuses unknown users by name, and named users while public', async () => {
    const { owner, id } = await privateFileOfSomeoneElse();
    const unknown = await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: false, shared_users: ['nobody_1', 'nobody_2'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('Unknown users: nobody_1, nobody_2');
    const both = await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: true, shared_users: ['x'] } });
    expect(both.status).toBe(400);
    expect(both.body.error).toBe('Files can be shared with named users only while private');
    const notBool = await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: 'yes' } });
    expect(notBool.status).toBe(400);
  });

  it('serves a signed download link for 60 s to its user and file only', async () => {
    const { owner, id, content } = await privateFileOfSomeoneElse();
    const other = await uploadOne(t().client, owner.token, { name: 'other.txt', content: samples.text() });
    const link = await t().client.post(`/api/files/${id}/download-link`, { token: owner.token });
    expect(link.status).toBe(200);
    const expires = Date.parse(link.body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(50_000);
    expect(expires).toBeLessThanOrEqual(61_000);
    const ok = await t().client.get(link.body.url);
    expect(ok.status).toBe(200);
    expect(ok.text).toBe(content.toString());

    const token = new URL(link.body.url, t().url).searchParams.get('dl')!;
    expect((await t().client.get(`/api/files/${other}/download?dl=${token}`)).status).toBe(401);
    // The signature's first character (its last may carry unused bits, which a change there can leave equal).
    const [header, payload, signature = ''] = token.split('.');
    const tampered = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await t().client.get(`/api/files/${id}/download?dl=${tampered}`)).status).toBe(401);
    const claims = decodeJwt(token);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }).setProtectedHeader({ alg: 'HS256' }).sign(SECRET);
    expect((await t().client.get(`/api/files/${id}/download?dl=${expired}`)).status).toBe(401);
    // A session token is not a download link.
    expect((await t().client.get(`/api/files/${id}/download?dl=${owner.token}`)).status).toBe(401);
  });

  it("serves a preview's link for an hour, in place only and never counted, while its session is open", async () => {
    const { owner, id, content } = await privateFileOfSomeoneElse();
    const link = await t().client.post(`/api/files/${id}/download-link?inline=1`, { token: owner.token });
    expect(link.status).toBe(200);
    const expires = Date.parse(link.body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(3_590_000);
    expect(expires).toBeLessThanOrEqual(3_601_000);
    const url = new URL(link.body.url, t().url);
    expect(url.searchParams.get('inline')).toBe('1');
    const shown = await t().client.get(link.body.url);
    expect(shown.status).toBe(200);
    expect(shown.text).toBe(content.toString());
    expect(shown.headers.get('content-disposition')).toMatch(/^inline; filename="private\.txt"/);

    // Without ?inline=1 it is no download link: nothing is served, nothing counted.
    url.searchParams.delete('inline');
    const asDownload = await t().client.get(url.pathname + url.search);
    expect(asDownload.status).toBe(401);
    expect(asDownload.body).toEqual({ error: 'Invalid download link' });
    expect((await t().client.get(`/api/files/${id}`, { token: owner.token })).body.file.download_count).toBe(0);
    // A plain link still downloads, and shows in place too.
    const plain = await t().client.post(`/api/files/${id}/download-link`, { token: owner.token });
    expect((await t().client.get(`${plain.body.url}&inline=1`)).status).toBe(200);
    expect((await t().client.get(plain.body.url)).headers.get('content-disposition')).toMatch(/^attachment;/);

    expect((await t().client.post('/api/auth/logout', { token: owner.token })).status).toBe(204);
    expect((await t().client.get(link.body.url)).status).toBe(401);
  });

  it('ends a signed link with the session that made it, at once', async () => {
    const { owner, id, content } = await privateFileOfSomeoneElse();
    const second = await t().client.post('/api/auth/login', { json: { username: owner.user.username, password: owner.password } });
    const link = await t().client.post(`/api/files/${id}/download-link`, { token: owner.token });
    const otherSession = await t().client.post(`/api/files/${id}/download-link`, { token: second.body.token });
    expect((await t().client.get(link.body.url)).text).toBe(content.toString());
    expect((await t().client.post('/api/auth/logout', { token: owner.token })).status).toBe(204);
    const after = await t().client.get(link.body.url);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ error: 'Session has ended' });
    // The same user's other session, and its links, go on until that session expires.
    expect((await t().client.get(otherSession.body.url)).status).toBe(200);
    const { sid } = decodeJwt(second.body.token);
    await endSession(t(), 'expired', String(sid));
    expect((await t().client.get(otherSession.body.url)).status).toBe(401);
  });

  it('stops a signed link when its user loses access', async () => {
    const { owner, stranger, id } = await privateFileOfSomeoneElse();
    await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: false, shared_users: [stranger.user.username] } });
    const link = await t().client.post(`/api/files/${id}/download-link`, { token: stranger.token });
    await t().client.put(`/api/files/${id}/share`, { token: owner.token, json: { is_public: false, shared_users: [] } });
    expect((await t().client.get(link.body.url)).status).toBe(404);
  });

  it('renames (keeping the type), moves and retags for the owner', async () => {
    const { owner, id } = await privateFileOfSomeoneElse();
    const folder = await makeFolder(t(), owner.token, 'Moved');
    const res = await t().client.put(`/api/files/${id}`, { token: owner.token, json: { original_name: 'renamed.txt', folder_id: folder.id, tags: ['a', 'b'] } });
    expect(res.status).toBe(200);
    expect(res.body.file).toMatchObject({ original_name: 'renamed.txt', folder_id: folder.id, folder_name: 'Moved', tags: ['a', 'b'] });
    const retype = await t().client.put(`/api/files/${id}`, { token: owner.token, json: { original_name: 'renamed.exe' } });
    expect(retype.status).toBe(400);
    expect(retype.body.error).toBe("The new name must keep the file's type (.txt)");
    const unknownField = await t().client.put(`/api/files/${id}`, { token: owner.token, json: { user_id: 1 } });
    expect(unknownField.status).toBe(400);
    const toRoot = await t().client.put(`/api/files/${id}`, { token: owner.token, json: { folder_id: null } });
    expect(toRoot.body.file.folder_id).toBeNull();
  });
});

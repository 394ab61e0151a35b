import { expect, it } from 'vitest';
import type { FileItem, FileListResponse, FileResponse, UploadResponse } from '@vault/contract';
import { nextEvent } from './helpers/events.js';
import { samples, settled, uploadForm, uploadOne } from './helpers/files.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('the statements of an upload and of answers about files', (t, db) => {
  // On PostgreSQL each statement is a round trip and CPU on both ends (SQLite's are calls in
  // process): a burst of small uploads is bound by them, and a file's tags and shares come
  // with its row rather than by statements of their own.
  if (db === 'postgres') {
    it('commits a new file in at most 9 statements, locks, content reference, audit entry and charge included, the first object leased with the budget', async () => {
      const alice = await t().client.register();
      await uploadOne(t().client, alice.token, { name: 'warm.png', content: samples.png() });
      await settled(t());
      // Images: no text to extract after the response. The fewest of three
      // uploads, since the server's own rounds (maintenance) may run beside one.
      const counts: number[] = [];
      for (let i = 0; i < 3; i++) {
        const sent = await statementsDuring(async () => {
          const response = await t().client.post<UploadResponse>('/api/files/upload', { token: alice.token, body: uploadForm([{ name: `one-${i}.png`, content: samples.png() }]) });
          expect(response.status).toBe(201);
        });
        counts.push(sent.length);
      }
      expect(Math.min(...counts)).toBeLessThanOrEqual(9);
    });

    it('reads a file with its tags and shares in at most 3 statements (session, access, row), a page of files in at most 5', async () => {
      const alice = await t().client.register();
      const bob = await t().client.register();
      const ids: number[] = [];
      for (const name of ['one.png', 'two.png']) {
        const id = await uploadOne(t().client, alice.token, { name, content: samples.png() }, { tags: ['work', 'Q3'] });
        await t().client.put(`/api/files/${id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
        ids.push(id);
      }
      await settled(t());
      // The fewest of three, since the server's own rounds (maintenance) may run beside one.
      const one: number[] = [];
      const listed: number[] = [];
      for (let i = 0; i < 3; i++) {
        let file: FileItem | undefined;
        one.push((await statementsDuring(async () => (file = (await t().client.get<FileResponse>(`/api/files/${ids[0]}`, { token: alice.token })).body.file))).length);
        expect(file).toMatchObject({ tags: ['Q3', 'work'], visibility: { kind: 'shared', users: [bob.user.username] } });
        let page: FileListResponse | undefined;
        listed.push((await statementsDuring(async () => (page = (await t().client.get<FileListResponse>('/api/files', { token: alice.token })).body))).length);
        expect(page!.files.map((f) => [f.tags, f.visibility])).toEqual(ids.map(() => [['Q3', 'work'], { kind: 'shared', users: [bob.user.username] }]));
      }
      expect(Math.min(...one)).toBeLessThanOrEqual(3);
      expect(Math.min(...listed)).toBeLessThanOrEqual(5);
    });
  }

  it('names those a file is shared with in the new version it answers, and tells them of it', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const id = await uploadOne(t().client, alice.token, { name: 'shared.txt', content: samples.text() });
    await t().client.put(`/api/files/${id}/share`, { token: alice.token, json: { is_public: false, shared_users: [bob.user.username] } });
    const updated = nextEvent(t(), (m) => m.event.type === 'file_updated' && m.event.file_id === id);
    const response = await t().client.post<UploadResponse>('/api/files/upload?on_conflict=version', {
      token: alice.token,
      body: uploadForm([{ name: 'shared.txt', content: samples.text() }]),
    });
    expect(response.status).toBe(201);
    expect(response.body.files[0]).toMatchObject({ id, visibility: { kind: 'shared', users: [bob.user.username] } });
    expect((await updated).audience.userIds.sort()).toEqual([alice.user.id, bob.user.id].sort());
  });
});

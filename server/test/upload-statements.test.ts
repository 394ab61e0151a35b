import { expect, it } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import { nextEvent } from './helpers/events.js';
import { samples, settled, uploadForm, uploadOne } from './helpers/files.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('the statements of an upload', (t, db) => {
  // On PostgreSQL each statement is a round trip and CPU on both ends (SQLite's are calls in
  // process): a burst of small uploads is bound by them.
  if (db === 'postgres') {
    it('commits a new file in at most 11 statements, locks, audit entry and charge included', async () => {
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
      expect(Math.min(...counts)).toBeLessThanOrEqual(11);
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

import { expect, it } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import type { Response } from './helpers/client.js';
import { assertStorageConsistent, blobOf, samples, uploadForm, uploadOne, type UploadFile } from './helpers/files.js';
import { describeEachDb } from './helpers/server.js';
import { setQuotaBytes } from './helpers/users.js';

/** Uploads of one user run side by side on PostgreSQL: what they share must stay exact whatever the interleaving. */
describeEachDb(
  'racing uploads of one user',
  (t) => {
    const BURST = 8;

    const send = (token: string, file: UploadFile, onConflict = 'fail'): Promise<Response<UploadResponse>> =>
      t().client.post(`/api/files/upload?on_conflict=${onConflict}`, { token, body: uploadForm([file]) });

    const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

    async function usedBytes(token: string): Promise<number> {
      return (await t().client.get('/api/auth/stats', { token })).body.used_storage_bytes;
    }

    /** Text of exactly `size` bytes, different each time. */
    const textOf = (size: number, i: number) => samples.text(`${i}-${Math.random()}`.padEnd(size, '.'));

    it('accepts exactly what the quota holds when a burst of new content races', async () => {
      const alice = await t().client.register();
      const size = 1000;
      await setQuotaBytes(t(), alice.user.id, 3 * size);

      const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => send(alice.token, { name: `new-${i}.txt`, content: textOf(size, i) })));
      expect(statuses(responses)).toEqual([201, 201, 201, 507, 507, 507, 507, 507]);
      expect(await usedBytes(alice.token)).toBe(3 * size);
      await assertStorageConsistent(t());
    });

    it('charges a burst of copies of new content once, so a quota of one copy takes them all', async () => {
      const alice = await t().client.register();
      const content = samples.pdf();
      await setQuotaBytes(t(), alice.user.id, content.length);

      const responses = await Promise.all(Array.from({ length: BURST }, (_, i) => send(alice.token, { name: `copy-${i}.pdf`, content })));
      expect(statuses(responses)).toEqual(Array(BURST).fill(201));
      expect(await usedBytes(alice.token)).toBe(content.length);
      expect((await blobOf(t(), content))?.ref_count).toBe(BURST);
      await assertStorageConsistent(t());
    });

    it('charges copies racing the delete of the original, and a new version made of it, by what remains', async () => {
      const alice = await t().client.register();
      for (let round = 0; round < 3; round++) {
        const content = samples.png();
        const original = await uploadOne(t().client, alice.token, { name: `original-${round}.png`, content });
        await uploadOne(t().client, alice.token, { name: `versioned-${round}.png`, content: samples.png() });

        const responses = await Promise.all([
          t().client.delete(`/api/files/${original}`, { token: alice.token }),
          ...Array.from({ length: 3 }, (_, i) => send(alice.token, { name: `copy-${round}-${i}.png`, content })),
          send(alice.token, { name: `versioned-${round}.png`, content }, 'version'),
        ]);
        expect(statuses(responses)).toEqual([201, 201, 201, 201, 204]);
        // Each user charged exactly the distinct content of their files and versions.
        await assertStorageConsistent(t());
      }
    });

    it('gives each of a burst of same-named uploads its own name when asked to rename', async () => {
      const alice = await t().client.register();
      const responses = await Promise.all(Array.from({ length: BURST }, () => send(alice.token, { name: 'same.txt', content: samples.text() }, 'rename')));
      expect(statuses(responses)).toEqual(Array(BURST).fill(201));
      const names = responses.map((r) => r.body.files[0]!.original_name).sort();
      expect(names).toEqual(['same (2).txt', 'same (3).txt', 'same (4).txt', 'same (5).txt', 'same (6).txt', 'same (7).txt', 'same (8).txt', 'same.txt']);
      await assertStorageConsistent(t());
    });

    it('stores one of a burst of same-named uploads and refuses the others', async () => {
      const alice = await t().client.register();
      const responses = await Promise.all(Array.from({ length: BURST }, () => send(alice.token, { name: 'same.txt', content: samples.text() })));
      expect(statuses(responses)).toEqual([201, ...Array(BURST - 1).fill(409)]);
      expect(await usedBytes(alice.token)).toBe(responses.find((r) => r.status === 201)!.body.files[0]!.file_size);
      await assertStorageConsistent(t());
    });
  },
  // Deletes release content at once, so that a copy can race the release.
  { TRASH_DAYS: '0' },
);

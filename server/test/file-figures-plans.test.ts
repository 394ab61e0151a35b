import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import { samples, uploadForm } from './helpers/files.js';
import { filesRowsReadBy } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { DATABASES, freshSchemaName, startTestServer, type TestServer } from './helpers/server.js';

// A new installation's tables have no statistics until autovacuum first analyzes them.
if (DATABASES.includes('postgres')) {
  describe('a file’s figures before PostgreSQL has statistics [postgres]', () => {
    let srv: TestServer | undefined;
    const t = () => srv!;
    beforeAll(async () => {
      // Migrated from scratch, as an installation is: a copy of the tests' template lists its indexes in another order.
      srv = await startTestServer('postgres', { DATABASE_SCHEMA: freshSchemaName() });
      // Nothing analyzes the table while the test runs.
      await sql`alter table files set (autovacuum_enabled = false)`.execute(srv.server.ctx.db);
    });
    afterAll(async () => {
      await srv?.close();
    });

    it('counts the owner’s files of the content without reading their other files', async () => {
      const gina = await t().client.register();
      // Files of contents of their own, as an account holds them: the index of owners and contents is then
      // as large as the files, where files of one content shrink to a few entries of it. Binary contents, which
      // no background work reads.
      const { db } = t().server.ctx;
      await sql`insert into blobs (hash, size, mime_type, storage_key, ref_count, created_at)
        select md5('gina ' || i) || md5('content ' || i), 1, 'application/octet-stream', 'objects/none/' || i, 1, 0 from generate_series(1, 3000) i`.execute(db);
      await sql`insert into files (user_id, blob_hash, original_name, file_size, mime_type, is_public, download_count, created_at, updated_at)
        select ${gina.user.id}, md5('gina ' || i) || md5('content ' || i), 'filler ' || i || '.bin', 1, 'application/octet-stream', 0, 0, i, i
        from generate_series(1, 3000) i`.execute(db);
      let answered: UploadResponse | undefined;
      const sent = await statementsDuring(async () => {
        const res = await t().client.post<UploadResponse>('/api/files/upload', { token: gina.token, body: uploadForm([{ name: 'new.png', content: samples.png() }]) });
        expect(res.status).toBe(201);
        answered = res.body;
      });
      expect(answered!.files[0]).toMatchObject({ reference_count: 1, is_duplicate: false });
      const figures = sent.filter((s) => /reference_count/.test(s.text));
      expect(figures.length).toBeGreaterThan(0);
      for (const statement of figures) expect(await filesRowsReadBy(t(), statement), statement.text).toBeLessThan(100);
    });
  });
}

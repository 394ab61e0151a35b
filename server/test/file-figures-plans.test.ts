import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import { addFilesOfTheirOwn, samples, uploadForm } from './helpers/files.js';
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
      // The index of owners and contents as large as the files: with one content for all, it would be a few entries.
      await addFilesOfTheirOwn(t(), gina.user.id, 3000);
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

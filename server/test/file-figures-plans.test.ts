import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { UploadResponse } from '@vault/contract';
import { addFilesOfTheirOwn, samples, uploadForm } from './helpers/files.js';
import { filesRowsReadBy } from './helpers/pg-plans.js';
import { statementsDuring } from './helpers/pg-statements.js';
import { describePostgresOnly, freshSchemaName } from './helpers/server.js';

// A new installation's tables have no statistics until autovacuum first analyzes them.
describePostgresOnly(
  'a file’s figures before PostgreSQL has statistics',
  (t) => {
    beforeAll(async () => {
      // Nothing analyzes the table while the test runs.
      await sql`alter table files set (autovacuum_enabled = false)`.execute(t().server.ctx.db);
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
  },
  // Migrated from scratch, as an installation is: a copy of the tests' template lists its indexes in another order.
  () => ({ DATABASE_SCHEMA: freshSchemaName() }),
);

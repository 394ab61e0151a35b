import { randomBytes } from 'node:crypto';
import { sql, type CompiledQuery } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { contentsStartingWith, largestOwnContent } from '../src/domain/shared/quota.js';
import { uploadOne } from './helpers/files.js';
import { describeEachDb, type TestServer } from './helpers/server.js';

const FILES = 40;

/** SQLite's plan of a statement, one step a line. */
async function planOf(t: TestServer, query: CompiledQuery): Promise<string[]> {
  const { rows } = await t.server.ctx.db.executeQuery<{ detail: string }>({ ...query, sql: `explain query plan ${query.sql}` });
  return rows.map((r) => r.detail);
}

/**
 * SQLite's plan shows which index each step reads with which of its columns
 * fixed: a step on files or file_versions with only the user fixed reads all
 * of the user's rows, unless it is a max at the end of a (user_id, size) index.
 */
function readsAllOfTheUsers(plan: string[]): string[] {
  return plan.filter((step) => /SEARCH (files|file_versions)\b.*\(user_id=\?\)/.test(step) && !/_user_size \(user_id=\?\)/.test(step));
}

describeEachDb('what an upload looks up of the uploader’s own content', (t, db) => {
  let userId = 0;
  let headHash = '';

  beforeAll(async () => {
    const alice = await t().client.register();
    userId = alice.user.id;
    for (let i = 0; i < FILES; i++) await uploadOne(t().client, alice.token, { name: `note-${i}.txt`, content: Buffer.from(randomBytes(100 + i).toString('hex')) });
    for (let i = 0; i < 5; i++) await uploadOne(t().client, alice.token, { name: 'note-0.txt', content: Buffer.from(randomBytes(300 + i).toString('hex')) }, { on_conflict: 'version' });
    const blob = await t().server.ctx.db.selectFrom('blobs').select('hash').limit(1).executeTakeFirstOrThrow();
    // A head the user holds, so the lookup finds something to stop at.
    await t().server.ctx.db.updateTable('blobs').set({ head_hash: 'h'.repeat(64) }).where('hash', '=', blob.hash).execute();
    headHash = 'h'.repeat(64);
  });

  it('reads the largest content from the ends of indexes, not every file and version the user holds', async () => {
    const { db: kysely } = t().server.ctx;
    const query = kysely.selectFrom('users').select((eb) => largestOwnContent(eb, userId).as('largest')).where('id', '=', userId);
    const largest = await query.executeTakeFirstOrThrow();
    const sizes = await sql<{ size: number }>`select max(size) as size from content_refs where user_id = ${userId}`.execute(kysely);
    expect(Number(largest.largest)).toBe(Number(sizes.rows[0]!.size));
    // PostgreSQL's plans depend on its statistics, SQLite's on the indexes alone.
    if (db === 'sqlite') expect(readsAllOfTheUsers(await planOf(t(), query.compile()))).toEqual([]);
  });

  it('finds content by its head from the blobs with that head, each looked up among the user’s', async () => {
    const query = contentsStartingWith(t().server.ctx.db, userId, headHash).limit(1);
    expect(await query.execute()).toHaveLength(1);
    expect(await contentsStartingWith(t().server.ctx.db, userId + 1000, headHash).execute()).toEqual([]);
    // PostgreSQL's plans depend on its statistics, SQLite's on the indexes alone.
    if (db === 'sqlite') expect(readsAllOfTheUsers(await planOf(t(), query.compile()))).toEqual([]);
  });
});

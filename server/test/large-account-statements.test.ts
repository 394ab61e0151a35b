import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CompiledQuery } from 'kysely';
import { isIdsOfFirst } from '../src/db/read-then.js';
import { CLAIM_BATCH, linkingFiles } from '../src/domain/texts/claims.js';
import type { ReadRequest } from '../src/db/sqlite-reads.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addFiles, settled, uploadOne } from './helpers/files.js';
import { startTestServer, type TestServer } from './helpers/server.js';

/**
 * SQLite runs every statement on the event loop: one that reads all of a
 * user's files stops every other request as long as it runs (39 to 257 ms at
 * 100,000 files). These tests read SQLite's plans, which depend on the indexes
 * alone (PostgreSQL's depend on its statistics), of the statements requests run.
 */

type Statement = { source: string; reader: boolean };
/** Where a statement ran: on the event loop (the main connection) or on the reading connection's thread. */
type Run = { source: string; args: unknown[]; on: 'event loop' | 'reading thread'; handOver?: number };

const require = createRequire(import.meta.url);
// The server's own driver module, whose statements the tests watch.
const Database = require('better-sqlite3') as new (file: string) => { prepare(sql: string): Statement; close(): void };

/** The SQLite statements (reads) the server runs while `work` runs, on its main connection and its reading one. */
async function readsDuring(work: () => Promise<unknown>): Promise<Run[]> {
  const probe = new Database(':memory:');
  const prototype = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const runs: Run[] = [];
  const originals = Object.fromEntries(['get', 'all', 'iterate'].map((m) => [m, prototype[m]!]));
  for (const [method, original] of Object.entries(originals)) {
    prototype[method] = function (this: Statement, ...args: unknown[]) {
      // Kysely's driver passes the parameters as one array.
      if (this.reader) runs.push({ source: this.source, args: args.length === 1 && Array.isArray(args[0]) ? args[0] : args, on: 'event loop' });
      return original.apply(this, args);
    };
  }
  // The reading connection runs on a thread of its own: its statements are seen as they are sent there.
  const post = Worker.prototype.postMessage;
  let handOvers = 0;
  Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: unknown[]) {
    const request = message as Partial<ReadRequest>;
    if (typeof request.sql === 'string') {
      const handOver = handOvers++;
      for (const statement of [request as ReadRequest, ...(request.then ?? [])]) runs.push({ source: statement.sql, args: [...statement.parameters], on: 'reading thread', handOver });
    }
    return post.call(this, message, ...(rest as []));
  };
  try {
    await work();
  } finally {
    Object.assign(prototype, originals);
    Worker.prototype.postMessage = post;
  }
  return runs;
}

/** The plan of a statement on the connection it ran on: the reading one has SQL functions of its own (first_byte). */
async function planOf(t: TestServer, run: Run): Promise<string[]> {
  // A statement run after another takes the first's ids as a JSON array.
  const args = run.args.map((arg) => (isIdsOfFirst(arg) ? '[1, 2, 3]' : arg));
  const { db, reads } = t.server.ctx;
  const { rows } = await (run.on === 'reading thread' ? reads : db).executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${run.source}`, args));
  return rows.map((r) => r.detail);
}

/** Steps that read a row of files or file_versions for each of the user's files (an index with only the owner fixed, not covering). */
const READS_EVERY_ROW = /SEARCH (files|file_versions) USING INDEX \S+ \(user_id=\?\)$/;
/** Steps that walk an index entry for each of the user's files, unless a max at the end of a (user_id, size) index. */
const WALKS_EVERY_ENTRY = /SEARCH (files|file_versions) USING (COVERING )?INDEX (?!\S+_user_size )\S+ \(user_id=\?\)$/;

async function stepsMatching(t: TestServer, runs: Run[], pattern: RegExp): Promise<string[]> {
  const found: string[] = [];
  for (const run of runs) {
    for (const step of await planOf(t, run)) if (pattern.test(step) || /TEMP B-TREE FOR count\(DISTINCT\)/.test(step)) found.push(`${step} in: ${run.source.slice(0, 120)}`);
  }
  return found;
}

describe('statements over a user’s files [sqlite]', () => {
  let t: TestServer;
  let token = '';

  beforeAll(async () => {
    t = await startTestServer('sqlite');
    ({ token } = await t.client.register());
    for (let i = 0; i < 20; i++) await uploadOne(t.client, token, { name: `note-${i}.txt`, content: Buffer.from(randomBytes(100 + i).toString('hex')) });
    await uploadOne(t.client, token, { name: 'copy.txt', content: Buffer.from('same') });
    await uploadOne(t.client, token, { name: 'copy-2.txt', content: Buffer.from('same') });
    await uploadOne(t.client, token, { name: 'note-0.txt', content: Buffer.from('changed') }, { on_conflict: 'version' });
  });
  afterAll(() => t.close());

  it('an upload looks at the uploader’s own content through index ends, whatever the number of their files', async () => {
    // Over 1 MiB: the head hash is looked up too.
    const content = randomBytes(1024 * 1024 + 10);
    const runs = await readsDuring(() => uploadOne(t.client, token, { name: 'large.pdf', content: Buffer.concat([Buffer.from('%PDF-1.4\n'), content]) }));
    expect(runs.some((r) => r.source.includes('head_hash'))).toBe(true);
    expect(await stepsMatching(t, runs, WALKS_EVERY_ENTRY)).toEqual([]);
  });

  it('storage and deduplication figures read indexes, not a row per file', async () => {
    for (const path of ['/api/files/storage/stats', '/api/files/storage/deduplication']) {
      const runs = await readsDuring(async () => expect((await t.client.get(path, { token })).status).toBe(200));
      expect(runs.length).toBeGreaterThan(0);
      expect(await stepsMatching(t, runs, READS_EVERY_ROW)).toEqual([]);
    }
  });

  it('a listing, a search or a tag filter over a few files reads them once for both its page and its count', async () => {
    await uploadOne(t.client, token, { name: 'kept.txt', content: Buffer.from('kept') }, { tags: ['kept'] });
    for (const query of ['sort_by=created_at', 'search=note', 'tags=kept', 'search=note&sort_by=file_size&sort_order=asc']) {
      let body: { files: unknown[]; total: number } = { files: [], total: 0 };
      const runs = await readsDuring(async () => {
        const res = await t.client.get(`/api/files?${query}&limit=5`, { token });
        expect(res.status).toBe(200);
        body = res.body;
      });
      expect(body.total).toBeGreaterThan(0);
      // The scope-size check reads at most SMALL_SCOPE rows; apart from it, one statement walks the scope.
      expect(runs.filter((r) => /from "files" as "f" where/.test(r.source)).map((r) => r.source.slice(0, 60)), query).toHaveLength(1);
    }
  });

  it('a listing, a search and the storage figures read the files off the event loop, on the reading connection', async () => {
    const scopeWide = /count\(\*\) over \(\)|\(select count\(\*\) from files f where|sum\(file_size\)/;
    for (const path of ['/api/files?sort_by=original_name', '/api/files?search=note', '/api/files/public?search=copy', '/api/files/storage/stats']) {
      const runs = await readsDuring(async () => expect((await t.client.get(path, { token })).status).toBe(200));
      const wide = runs.filter((r) => scopeWide.test(r.source));
      expect(wide.length, path).toBeGreaterThan(0);
      expect(wide.filter((r) => r.on === 'event loop').map((r) => r.source.slice(0, 80)), path).toEqual([]);
    }
  });

  it('a search hands its page, its files’ rows and their snippets to the reading thread at once', async () => {
    await uploadOne(t.client, token, { name: 'letter.txt', content: Buffer.from('a letter about the harbour') });
    await settled(t);
    const runs = await readsDuring(async () => {
      const res = await t.client.get('/api/files?search=harbour', { token });
      expect(res.status).toBe(200);
      expect(res.body.files[0].match.text).toContain('harbour');
    });
    const handOvers = (pattern: RegExp) => runs.filter((r) => pattern.test(r.source)).map((r) => r.handOver);
    const [page] = handOvers(/count\(\*\) over \(\)/);
    expect(page).toBeDefined();
    expect(handOvers(/"u"."username"/)).toEqual([page]);
    expect(handOvers(/as "window"/)).toEqual([page]);
  });

  it('successive searches of one scope read its size once', async () => {
    const fresh = await t.client.register();
    await uploadOne(t.client, fresh.token, { name: 'note.txt', content: Buffer.from(randomBytes(50).toString('hex')) }, { tags: ['kept'] });
    const runs = await readsDuring(async () => {
      for (const query of ['search=not', 'search=note', 'search=note&page=2&limit=5', 'tags=kept']) expect((await t.client.get(`/api/files?${query}`, { token: fresh.token })).status).toBe(200);
    });
    expect(runs.filter((r) => r.source.startsWith('select count(*) as n from (select 1 from files f'))).toHaveLength(1);
  });

  it('the count of a name search over many files tests each name match’s scope in the narrow index of its columns, not in its row', async () => {
    const many = await t.client.register();
    await addFiles(t, many.user.id, 1200, 'filler');
    const count = async (query: string) => {
      const runs = await readsDuring(async () => expect((await t.client.get(`/api/files?${query}`, { token: many.token })).status).toBe(200));
      const counts = runs.filter((r) => r.source.includes('files_name_trigrams match'));
      expect(counts, query).toHaveLength(1);
      return (await planOf(t, counts[0]!)).join('\n');
    };
    expect(await count('search=filler')).toMatch(/SEARCH f USING COVERING INDEX files_scope \(id=\?/);
    // Another filter tests the row itself.
    expect(await count('search=filler&mime_type=text/plain')).not.toMatch(/files_scope/);
  });

  it('the pages of a large account that has received a share walk the owner’s sort index, not every file of an `or` sorted', async () => {
    const owner = await t.client.register();
    const giver = await t.client.register();
    await addFiles(t, owner.user.id, 1200, 'filler');
    await uploadOne(t.client, owner.token, { name: 'blue note.txt', content: Buffer.from('mine, blue') }, { tags: ['blue'] });
    const given = await uploadOne(t.client, giver.token, { name: 'given.txt', content: Buffer.from('given, blue') }, { tags: ['blue'] });
    expect((await t.client.put(`/api/files/${given}/share`, { token: giver.token, json: { is_public: false, shared_users: [owner.user.username] } })).status).toBe(200);
    for (const query of ['sort_by=original_name', 'tags=blue', 'search=blue']) {
      let total = 0;
      const runs = await readsDuring(async () => {
        const res = await t.client.get(`/api/files?${query}`, { token: owner.token });
        expect(res.status).toBe(200);
        total = res.body.total;
      });
      expect(total, query).toBe(query === 'sort_by=original_name' ? 1202 : 2);
      const pages = runs.filter((r) => / order by /i.test(r.source) && / limit /i.test(r.source));
      expect(pages.length, query).toBeGreaterThan(0);
      // SQLite reads each arm of an `or` through its own index, and then can only sort all it read.
      expect(await stepsMatching(t, pages, /MULTI-INDEX OR/), query).toEqual([]);
    }
  });

  it('a batch of texts read links its contents’ files found by content, not by walking every file without a text', async () => {
    const hashes = Array.from({ length: CLAIM_BATCH }, () => randomBytes(32).toString('hex'));
    const { sql: source, parameters } = linkingFiles(hashes).compile(t.server.ctx.db);
    const plan = await planOf(t, { source, args: [...parameters], on: 'event loop' });
    expect(plan.find((step) => step.startsWith('SEARCH files '))).toMatch(/USING INDEX files_blob \(blob_hash=\?\)/);
  });

  it('a tag filter or a search over a few files tests their own tags, not every file carrying the tag', async () => {
    const other = await t.client.register();
    for (let i = 0; i < 5; i++) await uploadOne(t.client, other.token, { name: `theirs-${i}.txt`, content: Buffer.from(`theirs ${i}`) }, { tags: ['common'] });
    await uploadOne(t.client, token, { name: 'mine.txt', content: Buffer.from('mine') }, { tags: ['Common'] });
    let names: string[] = [];
    const runs = await readsDuring(async () => {
      const res = await t.client.get('/api/files?tags=common', { token });
      expect(res.status).toBe(200);
      names = (res.body.files as { original_name: string }[]).map((f) => f.original_name);
    });
    expect(names).toEqual(['mine.txt']);
    const searched = await readsDuring(async () => {
      const res = await t.client.get('/api/files?search=commo', { token });
      expect(res.status).toBe(200);
      expect((res.body.files as { original_name: string }[]).map((f) => f.original_name)).toEqual(['mine.txt']);
    });
    // Every file carrying the tag: the tag index with only the tag fixed, or all of it walked.
    expect(await stepsMatching(t, [...runs, ...searched], /file_tags_tag \(<expr>=\?\)|SCAN \w+ USING COVERING INDEX file_tags_tag/)).toEqual([]);
  });
});

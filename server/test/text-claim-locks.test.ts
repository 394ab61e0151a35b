import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it, vi } from 'vitest';
import type { Db } from '../src/db/index.js';
import { ClaimResults, claimExtractions } from '../src/domain/texts/claims.js';
import { samples, settled, sha256, uploadOne } from './helpers/files.js';
import { waitingBehind } from './helpers/pg-locks.js';
import { describePostgresOnly } from './helpers/server.js';

/**
 * Another instance's claim of the contents `low` and `high`: its upsert locks
 * their text rows in hash order, held here between the two until `release`.
 */
async function otherClaim(db: Db, low: string, high: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let holding = (_pid: number) => {};
  const held = new Promise<number>((resolve) => (holding = resolve));
  const done = db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid from content_texts where blob_hash = ${low} for no key update`.execute(trx);
    holding(rows[0]!.pid);
    await gate;
    await sql`select 1 from content_texts where blob_hash = ${high} for no key update`.execute(trx);
  });
  return { pid: await held, release, done };
}

/** What each settled: 'fulfilled' or the error's text. */
const outcomes = async (...work: Promise<unknown>[]) =>
  (await Promise.allSettled(work)).map((o) => (o.status === 'rejected' ? String(o.reason) : o.status));

describePostgresOnly('the reading of texts by several instances', (t) => {
  /**
   * Two contents of alice's, their hashes in order, whose text rows are
   * `row`, the higher hash's stored first so that an update meets it first
   * whatever its plan.
   */
  async function twoContents(row: { claim_token: string | null; claimed_until: number | null; extracted_at: number | null; body: string | null }) {
    const alice = await t().client.register();
    const contents = [1, 2].map((i) => samples.text(`overlap ${randomBytes(4).toString('hex')} ${i}`));
    for (const [i, content] of contents.entries()) await uploadOne(t().client, alice.token, { name: `overlap-${i}.txt`, content });
    await settled(t());
    const [low, high] = contents.map(sha256).sort() as [string, string];
    const { db } = t().server.ctx;
    // In one transaction: a maintenance round meanwhile (this server's or another suite's) would find contents without a text and read them again.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('content_texts').where('blob_hash', 'in', [low, high]).execute();
      for (const hash of [high, low]) await trx.insertInto('content_texts').values({ blob_hash: hash, attempts: 1, ...row }).execute();
    });
    return { low, high };
  }

  const texts = (low: string, high: string) =>
    t().server.ctx.db.selectFrom('content_texts').select(['blob_hash', 'body', 'claim_token']).where('blob_hash', 'in', [low, high]).orderBy('blob_hash').execute();

  it("writes a batch's texts beside another instance's claim of the same contents", async () => {
    const { ctx } = t().server;
    const token = randomBytes(8).toString('hex');
    const { low, high } = await twoContents({ claim_token: token, claimed_until: Date.now() + 60_000, extracted_at: null, body: null });
    const other = await otherClaim(ctx.db, low, high);
    try {
      const results = new ClaimResults(ctx.db, ctx.dialect, token);
      await results.text(high, 'the higher one');
      await results.text(low, 'the lower one');
      const writing = results.write();
      await vi.waitFor(async () => expect(await waitingBehind(ctx.db, other.pid)).toBe(1));
      other.release();
      expect(await outcomes(other.done, writing)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      other.release();
      await other.done.catch(() => undefined);
    }
    expect(await texts(low, high)).toEqual([
      { blob_hash: low, body: 'the lower one', claim_token: null },
      { blob_hash: high, body: 'the higher one', claim_token: null },
    ]);
  });

  it("claims reading texts again beside another instance's claim of the same contents", async () => {
    const { ctx } = t().server;
    const { low, high } = await twoContents({ claim_token: null, claimed_until: null, extracted_at: Date.now(), body: 'read before' });
    // Read for somebody else: alice's files are left to a reading of their own.
    await ctx.db.updateTable('files').set({ text_id: null }).where('blob_hash', 'in', [low, high]).execute();
    const other = await otherClaim(ctx.db, low, high);
    let claiming: Promise<{ token: string }> | undefined;
    try {
      // Of a type not asked for: the rereading is this claim's only statement that locks the rows.
      claiming = claimExtractions(ctx.db, ctx.dialect, [high, low], ['application/x-none'], Date.now());
      await vi.waitFor(async () => expect(await waitingBehind(ctx.db, other.pid)).toBe(1));
      other.release();
      expect(await outcomes(other.done, claiming)).toEqual(['fulfilled', 'fulfilled']);
    } finally {
      other.release();
      await other.done.catch(() => undefined);
    }
    const { token } = await claiming;
    expect(await texts(low, high)).toEqual([
      { blob_hash: low, body: 'read before', claim_token: token },
      { blob_hash: high, body: 'read before', claim_token: token },
    ]);
  });
});

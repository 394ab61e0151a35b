import { sql, type QueryCreator, type RawBuilder } from 'kysely';
import { writeStatementUnsynced, type Db, type Dialect } from '../db/index.js';
import type { Database } from '../db/schema.js';
import { compiledOnce } from '../db/compiled.js';
import type { Logger } from '../logger.js';
import { chunks } from '../db/chunks.js';

/**
 * Leases protect objects that no blob row points at yet: an object being
 * written, or written and held until its writer commits it. The writer
 * registers the key before the first byte goes out and extends the lease while
 * bytes keep arriving; the stray sweep and the cleanup of unfinished S3
 * uploads leave every leased object alone.
 *
 * Why that is enough: a lease row is created only before its object exists, and
 * it goes in exactly one of three ways — consumed in the transaction that
 * points a blob at the object (takeLease), released by the writer once the
 * object is gone, or pruned when it has expired. So a single read that finds
 * neither a blob row nor a lease for an existing object proves that nobody can
 * ever point a blob at it: it is stray.
 */

/** Keys among `keys` that a blob or a derived object (thumbnail) points at, or a lease holds: never stray. */
export async function heldKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const part of chunks(keys)) {
    // One statement: a commit that swaps the lease for a blob row is seen entirely, or not at all.
    const rows = await db
      .selectFrom('blobs')
      .select('storage_key as key')
      .where('storage_key', 'in', part)
      .unionAll(db.selectFrom('derived_objects').select('storage_key as key').where('storage_key', 'in', part))
      .unionAll(db.selectFrom('object_leases').select('key').where('key', 'in', part))
      .execute();
    for (const { key } of rows) held.add(key);
  }
  return held;
}

/** A lease's row: the key of an object about to be written, and when the lease runs out unless extended. */
export type LeaseValues = {
  key: string;
  expiresAt: number;
};

function insertLease(db: QueryCreator<Database>, v: LeaseValues) {
  return db.insertInto('object_leases').values({ key: v.key, expires_at: v.expiresAt });
}

/**
 * On PostgreSQL, a query creator whose statements insert the lease first (a
 * write in WITH), so that a statement of the caller's takes the lease in the
 * same round trip (see LeaseKeeper.holdAlong).
 */
export function withLease(db: Db, v: LeaseValues) {
  return db.with('lease', (w) => insertLease(w, v));
}

const endLease = compiledOnce((db: Db, v: { key: string }) => db.deleteFrom('object_leases').where('key', '=', v.key).returning('key'));

/**
 * Inside the transaction that points a blob at the object: ends its lease.
 * False when the lease is gone (expired and pruned), the object with it may
 * be too, and nothing may point at it. `alongside` (PostgreSQL only: SQLite
 * has no writes in WITH) are expressions evaluated by the same statement
 * after the lease is taken, such as the transaction's locks: one round trip.
 */
export async function takeLease(trx: Db, key: string, alongside: RawBuilder<unknown>[] = []): Promise<boolean> {
  if (alongside.length === 0) return (await endLease(trx, { key })).length > 0;
  const also = alongside.map((expression, i) => sql`, ${expression} as ${sql.id(`also_${i}`)}`);
  const { rows } = await sql<{ leased: boolean }>`with lease as (delete from object_leases where key = ${key} returning key)
    select exists (select 1 from lease) as leased${sql.join(also, sql``)}`.execute(trx);
  return rows[0]!.leased;
}

/** Keys among `keys` that a lease holds: objects still being written, such as unfinished resumable uploads. */
export async function leasedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const leased = new Set<string>();
  for (const part of chunks(keys)) {
    for (const { key } of await db.selectFrom('object_leases').select('key').where('key', 'in', part).execute()) leased.add(key);
  }
  return leased;
}

/** Drops expired leases; their objects become strays for the sweep. */
export async function pruneExpiredLeases(db: Db, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('object_leases').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * An upload's lease outlives the longest pause its body may take
 * (UPLOAD_IDLE_SECONDS) with room to spare, being extended every quarter of it.
 */
export function uploadLeaseMs(idleMs: number): number {
  return 2 * idleMs;
}

/**
 * The leases of one writer: an upload request today, a resumable upload's
 * successive requests tomorrow. Every sign of progress extends all the leases
 * it holds (at most every quarter of the lease), so a writer that keeps
 * sending keeps every object it wrote, and one that stops loses them once
 * the lease runs out.
 */
export class LeaseKeeper {
  private readonly keys = new Set<string>();
  private renewedAt = Date.now();
  private renewing = false;

  private readonly db: Db;
  private readonly dialect: Dialect;
  private readonly log: Logger;

  constructor(
    database: { db: Db; dialect: Dialect; log: Logger },
    private readonly ttlMs: number,
  ) {
    ({ db: this.db, dialect: this.dialect, log: this.log } = database);
  }

  /**
   * Registers a key before its object is written. A crash that loses the row
   * ends the writer too, and its object is then a stray: no sync is needed.
   */
  async hold(key: string): Promise<void> {
    const lease = this.leaseOf(key);
    await writeStatementUnsynced(this.db, this.dialect, (db, unsynced) => insertLease(db, lease).returning(unsynced.as('unsynced')).execute());
    this.keys.add(key);
  }

  /**
   * Holds `key` as hold does, with a statement of the caller's: on
   * PostgreSQL, `statement` is given the lease to build on withLease, and
   * one round trip does both (its statement selects UNSYNCED_COMMIT, as
   * hold does: a lease needs no sync). SQLite, with no writes in WITH, holds
   * first, then runs `statement` without a lease.
   */
  async holdAlong<T>(key: string, statement: (lease: LeaseValues | undefined) => Promise<T>): Promise<T> {
    if (this.dialect !== 'postgres') {
      await this.hold(key);
      return statement(undefined);
    }
    const result = await statement(this.leaseOf(key));
    this.keys.add(key);
    return result;
  }

  private leaseOf(key: string): LeaseValues {
    return { key, expiresAt: Date.now() + this.ttlMs };
  }

  /**
   * Takes over the lease of an object held by an earlier writer (a resumable
   * upload's earlier request): from now on it is kept alive, settled or
   * released like an object this keeper holds. It is renewed at once: the
   * earlier lease may be about to end, before this keeper's first renewal.
   */
  async adopt(key: string): Promise<void> {
    this.keys.add(key);
    this.renewedAt = Date.now();
    await this.extend([key], this.renewedAt + this.ttlMs);
  }

  /** Bytes arrived: keep everything held alive. Cheap to call on every chunk. */
  touch(): void {
    const now = Date.now();
    if (this.renewing || this.keys.size === 0 || now - this.renewedAt < this.ttlMs / 4) return;
    this.renewing = true;
    this.renewedAt = now;
    this.extend([...this.keys], now + this.ttlMs)
      .catch((err: unknown) => this.log.warn({ err }, 'could not extend upload leases'))
      .finally(() => (this.renewing = false));
  }

  private async extend(keys: string[], expiresAt: number): Promise<void> {
    for (const part of chunks(keys)) {
      await this.db.updateTable('object_leases').set({ expires_at: expiresAt }).where('key', 'in', part).execute();
    }
  }

  /** The object now belongs to a blob row (the lease went with takeLease). */
  settled(key: string): void {
    this.keys.delete(key);
  }

  /** The object is gone: its lease goes too (or, failing that, expires). */
  async release(key: string): Promise<void> {
    this.keys.delete(key);
    await this.db
      .deleteFrom('object_leases')
      .where('key', '=', key)
      .execute()
      .catch((err: unknown) => this.log.warn({ err, key }, 'could not release an object lease; it will expire'));
  }
}

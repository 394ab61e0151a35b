import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import type { Database } from './schema.js';
import { migrations } from './migrations.js';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /** For PostgreSQL LISTEN/NOTIFY and advisory locks. */
  pgPool: pg.Pool | undefined;
  /** The PostgreSQL schema the tables live in, when one is configured. */
  schema: string | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; unset means SQLite in dataDir. */
  url: string | undefined;
  schema: string | undefined;
  dataDir: string;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** bigint and numeric come back from pg as strings; every value Vault stores fits a JS number. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (v: string) => Number(v);
    return pg.types.getTypeParser(oid, format);
  },
};

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      types: pgTypes,
      max: 10,
      ...(opts.schema ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    if (opts.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', pgPool: pool, schema: opts.schema, close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = new SQLite(path.join(opts.dataDir, 'vault.db'));
  file.pragma('journal_mode = WAL');
  // FULL: a commit the user was told about survives power loss, not only a crash.
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', pgPool: undefined, schema: undefined, close: () => db.destroy() };
}

export async function migrate(handle: DatabaseHandle): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) };
  // Without the schema, Kysely takes another schema's migration tables for this one's
  // (its existence check looks at every schema) and then fails to find them.
  const { error, results } = await new Migrator({ db: handle.db, provider, migrationTableSchema: handle.schema }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Case-insensitive equality that can use the lower(...) indexes. */
export function lowerEq(column: string, value: string) {
  return sql<boolean>`lower(${sql.ref(column)}) = ${value.toLowerCase()}`;
}

/** A UNIQUE constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

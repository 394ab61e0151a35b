import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { migrate, openDatabase } from '../../src/db/index.js';
import { createSecretBox } from '../../src/secret-box.js';

/**
 * Every test installation starts from the same migrated, empty database,
 * migrated once per run (test/global-setup.ts) and copied for each
 * installation: a file copy on SQLite, the schema's dump replayed under the new
 * name on PostgreSQL. The migrations themselves run from scratch, on data, in
 * migrations.test.ts.
 */
export interface DatabaseTemplates {
  /** The SQLite database file to copy into a new data dir. */
  sqliteFile: string;
  /** The PostgreSQL schema's dump, with SCHEMA_PLACEHOLDER for its name. */
  postgresDump: string | undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

const SCHEMA_PLACEHOLDER = '__vault_template_schema__';

/** Migrations take the secret box; an empty database has nothing to seal with it. */
const secrets = createSecretBox('test-secret-test-secret-test-secret-0123');

async function migratedSqlite(dir: string): Promise<string> {
  const handle = await openDatabase({ url: undefined, schema: undefined, dataDir: dir });
  await migrate(handle, secrets);
  // The last connection's close checkpoints the WAL: the file is then whole on its own.
  await handle.close();
  return path.join(dir, 'vault.db');
}

async function migratedPostgresDump(url: string, dir: string): Promise<string> {
  const schema = `vault_template_${process.pid}_${Date.now()}`;
  const handle = await openDatabase({ url, schema, dataDir: dir });
  try {
    await migrate(handle, secrets);
    const dump = await promisify(execFile)('pg_dump', ['--dbname', url, '--schema', schema, '--inserts', '--no-owner', '--no-privileges'], {
      maxBuffer: 64 * 1024 * 1024,
    });
    // Lines of psql meta-commands (\restrict) are for psql only; the rest is plain SQL.
    const statements = dump.stdout.split('\n').filter((line) => !line.startsWith('\\'));
    return statements.join('\n').replaceAll(schema, SCHEMA_PLACEHOLDER);
  } finally {
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(handle.db);
    await handle.close();
  }
}

/** Migrates the templates; the returned function removes what they left on disk. */
export async function prepareTemplates(postgresUrl: string | undefined): Promise<{ templates: DatabaseTemplates; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-template-'));
  const templates = {
    sqliteFile: await migratedSqlite(dir),
    postgresDump: postgresUrl ? await migratedPostgresDump(postgresUrl, dir) : undefined,
  };
  return { templates, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Gives a new installation (its data dir, or its PostgreSQL schema) the migrated template's tables. */
export async function installTemplate(env: Record<string, string>): Promise<void> {
  const { sqliteFile, postgresDump } = inject('databaseTemplates');
  if (!env.DATABASE_URL) {
    fs.copyFileSync(sqliteFile, path.join(env.DATA_DIR!, 'vault.db'));
    return;
  }
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  try {
    // One simple query: its statements commit together, without waiting for the disk (an empty
    // installation that a crash loses is made again by the next run).
    await client.query(`set synchronous_commit = off;\n${postgresDump!.replaceAll(SCHEMA_PLACEHOLDER, env.DATABASE_SCHEMA!)}`);
  } finally {
    await client.end();
  }
}

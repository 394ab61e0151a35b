import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer, type VaultServer } from '../../src/server.js';
import { createClient, type Client, type Response } from './client.js';
import { createResponseChecker, type Document as OpenApiDocument, type ResponseChecker } from './openapi.js';
import { startS3, type TestS3 } from './s3.js';
import { installTemplate } from './templates.js';

export type DbKind = 'sqlite' | 'postgres';
export type StoreKind = 'fs' | 's3';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** The storage engine's combinations: embedded, and scaled out (an S3 server on loopback). */
export const BACKENDS: { db: DbKind; store: StoreKind }[] = [
  ...DATABASES.map((db) => ({ db, store: 'fs' as const })),
  { db: DATABASES[DATABASES.length - 1]!, store: 's3' as const },
];

export interface TestServer {
  url: string;
  server: VaultServer;
  dataDir: string;
  client: Client;
  /** The S3 server behind the store, on the S3 backend. */
  s3?: TestS3;
  close(): Promise<void>;
}

/** Settings that keep tests fast; a test overrides what it exercises. */
const TEST_ENV: Record<string, string> = {
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'silent',
  DEMO_ACCOUNTS: 'false',
  ARGON2_MEMORY_KIB: '1024',
  AUTH_FAILURE_LIMIT: '1000',
  AUTH_ADDRESS_FAILURE_LIMIT: '100000',
  REGISTRATION_LIMIT_PER_HOUR: '100000',
  RATE_LIMIT_MAX: '100000',
  RATE_LIMIT_PUBLIC_MAX: '100000',
  RATE_LIMIT_SIGN_IN_MAX: '100000',
  RATE_LIMIT_WS_MAX: '100000',
  WEB_DIST: '/nonexistent-web-dist',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  SHUTDOWN_GRACE_SECONDS: '2',
  // Many test servers share one PostgreSQL: each keeps few connections.
  DATABASE_POOL_SIZE: '10',
};

export function freshSchemaName(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

/** Runs one statement on the PostgreSQL database at `url`. */
async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function dropSchema(schema: string, url = process.env.TEST_DATABASE_URL!): Promise<void> {
  await runOn(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`);
}

/**
 * A database of its own beside TEST_DATABASE_URL's, for a suite whose plans
 * need VACUUM to mark every page all-visible: VACUUM leaves a page unmarked
 * while any transaction of the same database holds an older snapshot, and the
 * other suites' servers, sharing the test database in schemas of their own,
 * hold one nearly always on a loaded machine. Returns its URL and its drop.
 */
async function databaseOfItsOwn(): Promise<{ url: string; drop(): Promise<void> }> {
  const shared = process.env.TEST_DATABASE_URL!;
  const name = `vault_test_${randomBytes(6).toString('hex')}`;
  await runOn(shared, `CREATE DATABASE ${name}`);
  const url = new URL(shared);
  url.pathname = `/${name}`;
  // The installation's template uses pg_trgm from public, where the test database has it.
  await runOn(url.toString(), 'CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public');
  return { url: url.toString(), drop: () => runOn(shared, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** The environment of a fresh installation: its own data dir and, on PostgreSQL, its own schema. */
export function freshEnv(db: DbKind, overrides: Record<string, string> = {}): { env: Record<string, string>; schema?: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-test-'));
  const env = { ...TEST_ENV, DATA_DIR: dataDir, ...overrides };
  if (db === 'sqlite') return { env };
  // A schema named by the test is an installation it prepared; closing the server drops it all the same.
  const schema = overrides.DATABASE_SCHEMA ?? freshSchemaName();
  return { env: { ...env, DATABASE_URL: overrides.DATABASE_URL ?? process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }, schema };
}

/**
 * Every answer the API suites receive is checked against the server's own
 * OpenAPI document (taken in process, so that no request is spent on it):
 * its status must be listed and its JSON body must match.
 */
function checkAgainstDocument(server: VaultServer): (method: string, path: string, res: Response) => Promise<void> {
  let checker: ResponseChecker | undefined;
  return async (method, path, res) => {
    checker ??= createResponseChecker(server.app.openApiDocument() as unknown as OpenApiDocument);
    checker(method, path, res.status, res.headers.get('content-type'), res.body);
  };
}

export async function startTestServer(
  db: DbKind,
  overrides: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
  store: StoreKind = 'fs',
): Promise<TestServer> {
  const s3: TestS3 | undefined = store === 's3' ? await startS3() : undefined;
  const { env, schema } = freshEnv(db, { ...s3?.env, ...overrides });
  // An installation the test prepared itself keeps what it holds.
  if (!overrides.DATA_DIR && !overrides.DATABASE_SCHEMA) await installTemplate(env);
  const config = loadConfig(env);
  const logger = logStream ? pino({ level: 'info' }, logStream) : pino({ level: env.LOG_LEVEL ?? 'silent' });
  const server = await createServer(config, logger);
  const url = await server.listen();
  return {
    url,
    server,
    dataDir: config.dataDir,
    client: createClient(url, {}, checkAgainstDocument(server)),
    s3,
    async close() {
      await server.close();
      await s3?.close();
      if (schema) await dropSchema(schema, env.DATABASE_URL);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `test` against a server of its own (SQLite) with these settings, closed whatever happens. */
export async function withTestServer(overrides: Record<string, string>, test: (srv: TestServer) => Promise<void>): Promise<void> {
  const srv = await startTestServer(DATABASES[0]!, overrides);
  try {
    await test(srv);
  } finally {
    await srv.close();
  }
}

function describeOn(
  title: string,
  db: DbKind,
  store: StoreKind,
  suite: (t: () => TestServer, db: DbKind) => void,
  overrides: Record<string, string> | (() => Record<string, string>),
) {
  describe(title, () => {
    let current: TestServer | undefined;
    beforeAll(async () => {
      current = await startTestServer(db, typeof overrides === 'function' ? overrides() : overrides, undefined, store);
    });
    afterAll(async () => {
      await current?.close();
    });
    suite(() => {
      if (!current) throw new Error('test server not started');
      return current;
    }, db);
  });
}

/**
 * Runs a suite once per database, each against its own freshly started server.
 * The callback receives a getter, valid inside tests and hooks.
 */
export function describeEachDb(
  title: string,
  suite: (t: () => TestServer, db: DbKind) => void,
  overrides: Record<string, string> = {},
): void {
  for (const db of DATABASES) describeOn(`${title} [${db}]`, db, 'fs', suite, overrides);
}

/** Without TEST_DATABASE_URL, PostgreSQL's own suites are reported skipped: a test file with no suite at all fails. */
const describeIfPostgres = describe.skipIf(!DATABASES.includes('postgres'));

/**
 * A suite of PostgreSQL alone (its plans, its statements), against its own
 * server in a database of its own (see databaseOfItsOwn).
 */
export function describePostgresInOwnDatabase(title: string, suite: (t: () => TestServer) => void): void {
  describeIfPostgres(`${title} [postgres]`, () => {
    let database: Awaited<ReturnType<typeof databaseOfItsOwn>> | undefined;
    beforeAll(async () => {
      database = await databaseOfItsOwn();
    });
    afterAll(async () => {
      await database?.drop();
    });
    describeOn('in a database of its own', 'postgres', 'fs', suite, () => ({ DATABASE_URL: database!.url }));
  });
}

/**
 * A suite only PostgreSQL can run (races between transactions, which meet
 * only where they run side by side), against its own server.
 */
export function describePostgresOnly(title: string, suite: (t: () => TestServer) => void, overrides: Record<string, string> | (() => Record<string, string>) = {}): void {
  describeIfPostgres(`${title} [postgres]`, () => describeOn('on its own server', 'postgres', 'fs', suite, overrides));
}

/** Like describeEachDb, and once more on an S3 object store: for the storage engine's suites. */
export function describeEachBackend(
  title: string,
  suite: (t: () => TestServer, db: DbKind) => void,
  overrides: Record<string, string> = {},
): void {
  for (const { db, store } of BACKENDS) describeOn(`${title} [${db}+${store}]`, db, store, suite, overrides);
}

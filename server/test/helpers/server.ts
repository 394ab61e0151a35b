import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createServer, type VaultServer } from '../../src/server.js';
import { createClient, type Client } from './client.js';

export type DbKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const DATABASES: DbKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestServer {
  url: string;
  server: VaultServer;
  dataDir: string;
  client: Client;
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
  RATE_LIMIT_MAX: '100000',
  WEB_DIST: '/nonexistent-web-dist',
  JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
  SHUTDOWN_GRACE_SECONDS: '2',
};

export function freshSchemaName(): string {
  return `t_${randomBytes(6).toString('hex')}`;
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  } finally {
    await client.end();
  }
}

/** The environment of a fresh installation: its own data dir and, on PostgreSQL, its own schema. */
export function freshEnv(db: DbKind, overrides: Record<string, string> = {}): { env: Record<string, string>; schema?: string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-test-'));
  const env = { ...TEST_ENV, DATA_DIR: dataDir, ...overrides };
  if (db === 'sqlite') return { env };
  const schema = freshSchemaName();
  return { env: { ...env, DATABASE_URL: process.env.TEST_DATABASE_URL!, DATABASE_SCHEMA: schema }, schema };
}

export async function startTestServer(
  db: DbKind,
  overrides: Record<string, string> = {},
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const { env, schema } = freshEnv(db, overrides);
  const config = loadConfig(env);
  const logger = logStream ? pino({ level: 'info' }, logStream) : pino({ level: env.LOG_LEVEL ?? 'silent' });
  const server = await createServer(config, logger);
  const url = await server.listen();
  return {
    url,
    server,
    dataDir: config.dataDir,
    client: createClient(url),
    async close() {
      await server.close();
      if (schema) await dropSchema(schema);
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
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
  for (const db of DATABASES) {
    describe(`${title} [${db}]`, () => {
      let current: TestServer | undefined;
      beforeAll(async () => {
        current = await startTestServer(db, overrides);
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
}

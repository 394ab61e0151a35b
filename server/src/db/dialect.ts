import { PostgresAdapter, type Kysely } from 'kysely';

/** The SQL engines Vault runs on: embedded, or scaled out. */
export type Dialect = 'sqlite' | 'postgres';

/** Which engine a connection (or transaction) talks to, for the few statements written per engine. */
export function dialectOf<Schema>(db: Kysely<Schema>): Dialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

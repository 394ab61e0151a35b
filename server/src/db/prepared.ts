import type pg from 'pg';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/** Statements the process names at most: each connection keeps those it ran, parsed (and maybe planned), on both ends. */
const MAX_NAMED = 200;

/** A select list or RETURNING clause that takes every column: `*` or `t.*` as one of its items. */
const ALL_COLUMNS = /(?:\bselect|\breturning|,)\s*(?:distinct\s+)?(?:(?:"[^"]*"|\w+)\.)?\*/i;

/**
 * Names of the statements sent with parameters, one per text, given in the
 * order they are first run: a connection sends a named statement's text once
 * and PostgreSQL parses it once, where an unnamed one is parsed (and
 * planned) on every execution, most of the database's CPU for the short
 * statements of a request. Never named: statements without parameters
 * (BEGIN, COMMIT, DDL), and those that select or return every column (`*`,
 * `t.*`), whose columns a migration run by another instance could change
 * under a kept plan (PostgreSQL then refuses it: "cached plan must not change
 * result type"). A `count(*)` names no column and does not count.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  of(text: string, parameters: ReadonlyArray<unknown>): string | undefined {
    if (parameters.length === 0) return undefined;
    let name = this.names.get(text);
    if (name === undefined && this.names.size < MAX_NAMED && !ALL_COLUMNS.test(text)) {
      name = `vault_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/** Kysely's view of the pool: its statements go named, as StatementNames says. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  const names = new StatementNames();
  return {
    async connect() {
      const client = await pool.connect();
      function query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(textOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []) {
        // A cursor is a pg Submittable: it reads its rows itself.
        if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
        const values = [...parameters];
        const name = names.of(textOrCursor, values);
        // pg's result is Kysely's: its command is one of those Kysely names for the statements it builds.
        return client.query<R & pg.QueryResultRow>(name ? { name, text: textOrCursor, values } : { text: textOrCursor, values }) as Promise<PostgresQueryResult<R>>;
      }
      const wrapped: PostgresPoolClient = { query, release: () => client.release() };
      return wrapped;
    },
    end: () => pool.end(),
  };
}

import { PostgresDialect, PostgresIntrospector, sql, type DatabaseIntrospector, type Kysely, type PostgresDialectConfig, type TableMetadata } from 'kysely';

/**
 * Kysely's migrator looks for its own tables through the dialect's
 * introspection, which on PostgreSQL reads every column of every schema in the
 * database: slow where many installations share one, and failing ("schema ...
 * does not exist") when one of them is dropped meanwhile. This one lists the
 * tables of the installation's schema, by name only: all the migrator asks.
 */
class SchemaIntrospector extends PostgresIntrospector {
  constructor(
    private readonly db: Kysely<unknown>,
    private readonly schema: string,
  ) {
    super(db);
  }

  override async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; kind: string }>`
      select c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = ${this.schema} and c.relkind in ('r', 'v', 'p')`.execute(this.db);
    return rows.map((row) => ({ name: row.name, schema: this.schema, isView: row.kind === 'v', columns: [] }));
  }
}

/** PostgreSQL, introspected within the installation's schema only. */
export class InstallationDialect extends PostgresDialect {
  constructor(
    config: PostgresDialectConfig,
    private readonly schema: string,
  ) {
    super(config);
  }

  // any: Kysely's own signature; the introspector reads catalogs, not Vault's tables.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new SchemaIntrospector(db, this.schema);
  }
}

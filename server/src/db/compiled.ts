import type { CompiledQuery, Compilable } from 'kysely';
import type { Db, Dialect } from './index.js';

/** Where a statement compiled once takes a call's value: that value's name. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * A statement built and compiled once per dialect, then run with each call's
 * values. Kysely builds and compiles a statement anew on every call (about
 * 60 µs for an upsert with a subquery on this machine), a large share of the
 * server's CPU for the short statements of a small upload.
 *
 * `build` runs once, given a stand-in for each value (every call names the
 * same values): it may pass one only where Kysely sends a value on as a
 * single parameter (an inserted or set value, one side of `=`, a value in
 * `sql`), never in an `in` list, and never look at it (a stand-in is not the
 * value). Whatever else it builds is the same for every call.
 */
export function compiledOnce<V extends Record<string, unknown>, R>(build: (db: Db, values: V) => Compilable<R>): (db: Db, dialect: Dialect, values: V) => Promise<R[]> {
  const compiled = new Map<Dialect, CompiledQuery<R>>();
  return async (db, dialect, values) => {
    let query = compiled.get(dialect);
    if (!query) {
      // The stand-ins take the values' places; the statement never runs with them.
      const slots = Object.fromEntries(Object.keys(values).map((name) => [name, new Slot(name)])) as unknown as V;
      query = build(db, slots).compile();
      compiled.set(dialect, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? values[p.name] : p));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}

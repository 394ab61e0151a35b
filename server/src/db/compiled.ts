import type { CompiledQuery, Compilable, RawBuilder } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Db } from './index.js';

/** Where a statement compiled once takes a call's value: that value's name, and its place in a list value. */
class Slot {
  constructor(
    readonly name: string,
    readonly index?: number,
  ) {}
}

function isRaw<R>(built: Compilable<R> | RawBuilder<R>): built is RawBuilder<R> {
  return 'isRawBuilder' in built && built.isRawBuilder;
}

/** Lists longer than this are compiled for the call alone: a statement keeps one compiled form per list length. */
const MAX_CACHED_LIST = 500;

/**
 * A statement built and compiled once per dialect (the database's own), then run with each call's
 * values. Kysely builds and compiles a statement anew on every call (about
 * 60 µs for an upsert with a subquery on this machine), a large share of the
 * server's CPU for the short statements of a small upload and of a listing's
 * file details.
 *
 * `build` runs once, given a stand-in for each value (every call names the
 * same values): it may pass one only where Kysely sends a value on as a
 * single parameter (an inserted or set value, one side of `=`, a value in
 * `sql`), and never look at it (a stand-in is not the value). A list value
 * (an `in` list, `sql.join`) is a list of stand-ins, one per element: the
 * statement is compiled once per length of its lists. `variant` names what
 * else changes the statement's text (whatever `build` branches on); it is
 * part of the key too. Whatever else `build` builds is the same for every call.
 */
export function compiledOnce<V extends Record<string, unknown>, R, K extends string = string>(
  build: (db: Db, values: V, variant: K | undefined) => Compilable<R> | RawBuilder<R>,
): (db: Db, values: V, variant?: K) => Promise<R[]> {
  const compile = compileOnce(build);
  return async (db, values, variant) => (await db.executeQuery<R>(compile(db, values, variant))).rows;
}

/** compiledOnce's statement with a call's values, to be run by the caller. */
export function compileOnce<V extends Record<string, unknown>, R, K extends string = string>(
  build: (db: Db, values: V, variant: K | undefined) => Compilable<R> | RawBuilder<R>,
): (db: Db, values: V, variant?: K) => CompiledQuery<R> {
  const compiled = new Map<string, CompiledQuery<R>>();
  return (db, values, variant) => {
    const dialect = dialectOf(db);
    const lengths = Object.values(values).flatMap((value) => (Array.isArray(value) ? [value.length] : []));
    const key = `${dialect}|${variant ?? ''}|${lengths.join(',')}`;
    let query = compiled.get(key);
    if (!query) {
      // The stand-ins take the values' places; the statement never runs with them.
      const slots = Object.fromEntries(
        Object.entries(values).map(([name, value]) => [name, Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name)]),
      ) as unknown as V;
      const built = build(db, slots, variant);
      query = isRaw(built) ? built.compile(db) : built.compile();
      if (lengths.every((length) => length <= MAX_CACHED_LIST)) compiled.set(key, query);
    }
    const parameters = query.parameters.map((p) => (p instanceof Slot ? (p.index === undefined ? values[p.name] : (values[p.name] as unknown[])[p.index]) : p));
    return { ...query, parameters };
  };
}

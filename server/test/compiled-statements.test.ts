import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled.js';
import type { Db } from '../src/db/index.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('statements compiled once', (t) => {
  it('builds a statement once and runs it with each call’s values, in their places', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const { db, dialect } = t().server.ctx;
    let builds = 0;
    const named = compiledOnce((d: Db, v: { id: number; name: string; extra: number }) => {
      builds += 1;
      // The same value twice, and values in a subquery and in `sql`: each lands where it was put.
      return d
        .selectFrom('users')
        .select((eb) => ['username', sql<number>`${v.extra} + 1`.as('more'), eb.selectFrom('users as u').select('u.id').where('u.username', '=', v.name).as('found')])
        .where('id', '=', v.id)
        .where((eb) => eb.or([eb('username', '=', v.name), eb('id', '=', v.id)]));
    });
    const [a] = await named(db, dialect, { id: alice.user.id, name: alice.user.username, extra: 1 });
    const [b] = await named(db, dialect, { id: bob.user.id, name: alice.user.username, extra: 41 });
    expect(a).toMatchObject({ username: alice.user.username, found: alice.user.id });
    expect(Number(a!.more)).toBe(2);
    expect(b).toMatchObject({ username: bob.user.username, found: alice.user.id });
    expect(Number(b!.more)).toBe(42);
    expect(builds).toBe(1);
  });
});

import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { compiledOnce } from '../src/db/compiled.js';
import type { Db } from '../src/db/index.js';
import { describeEachDb } from './helpers/server.js';

describeEachDb('statements compiled once', (t) => {
  it('builds a statement once and runs it with each call’s values, in their places', async () => {
    const alice = await t().client.register();
    const bob = await t().client.register();
    const { db } = t().server.ctx;
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
    const [a] = await named(db, { id: alice.user.id, name: alice.user.username, extra: 1 });
    const [b] = await named(db, { id: bob.user.id, name: alice.user.username, extra: 41 });
    expect(a).toMatchObject({ username: alice.user.username, found: alice.user.id });
    expect(Number(a!.more)).toBe(2);
    expect(b).toMatchObject({ username: bob.user.username, found: alice.user.id });
    expect(Number(b!.more)).toBe(42);
    expect(builds).toBe(1);
  });

  it('compiles a statement with a list once per length and per variant, each element in its place', async () => {
    const users = (await Promise.all([1, 2, 3].map(() => t().client.register()))).sort((a, b) => a.user.id - b.user.id);
    const ids = users.map((u) => u.user.id);
    const { db } = t().server.ctx;
    const builds: string[] = [];
    const listed = compiledOnce((d: Db, v: { ids: number[]; floor: number }, variant: 'names' | 'ids' | undefined) => {
      builds.push(`${variant}:${v.ids.length}`);
      const query = d.selectFrom('users').where('id', 'in', v.ids).where('id', '>=', v.floor).orderBy('id');
      return variant === 'names' ? query.select(['id', 'username']) : query.select('id');
    });
    const names = (rows: { id: number; username?: string }[]) => rows.map((r) => r.username);
    expect(names(await listed(db, { ids: [ids[0]!, ids[2]!], floor: 0 }, 'names'))).toEqual([users[0]!.user.username, users[2]!.user.username]);
    expect(names(await listed(db, { ids: [ids[1]!, ids[2]!], floor: ids[2]! }, 'names'))).toEqual([users[2]!.user.username]);
    expect(names(await listed(db, { ids: [ids[1]!], floor: 0 }, 'names'))).toEqual([users[1]!.user.username]);
    expect(await listed(db, { ids: [ids[2]!, ids[0]!], floor: 0 }, 'ids')).toEqual([{ id: ids[0] }, { id: ids[2] }]);
    expect(builds).toEqual(['names:2', 'names:1', 'ids:2']);
  });
});

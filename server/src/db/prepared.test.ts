import { describe, expect, it } from 'vitest';
import { StatementNames } from './prepared.js';

describe('statement names', () => {
  it('names a statement with parameters once, by its text', () => {
    const names = new StatementNames();
    const first = names.of('select id from files where user_id = $1', [1]);
    expect(first).toMatch(/^vault_\d+$/);
    expect(names.of('select id from files where user_id = $1', [2])).toBe(first);
    expect(names.of('select id from folders where user_id = $1', [1])).not.toBe(first);
  });

  it('names statements that count or multiply: no column list changes under them', () => {
    const names = new StatementNames();
    expect(names.of('select f.id, (select count(*) from files d where d.blob_hash = f.blob_hash) as n from files f where f.id in ($1)', [1])).toBeDefined();
    expect(names.of('select count(*) over () as total, f.id from files f where f.user_id = $1', [1])).toBeDefined();
    expect(names.of('select size * 2 as twice from blobs where hash = $1', ['h'])).toBeDefined();
  });

  it('never names statements that take every column, nor those without parameters', () => {
    const names = new StatementNames();
    for (const text of [
      'select * from files where id = $1',
      'select "f".* from "files" as "f" where "f"."id" = $1',
      'select f.id, u.* from files f join users u on u.id = f.user_id where f.id = $1',
      'select distinct * from files where id = $1',
      'delete from files where id = $1 returning *',
      'SELECT\n  *\nFROM files WHERE id = $1',
    ]) {
      expect(names.of(text, [1]), text).toBeUndefined();
    }
    expect(names.of('commit', [])).toBeUndefined();
  });
});

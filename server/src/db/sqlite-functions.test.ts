import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { addSqlFunctions, firstByte } from './sqlite-functions.mjs';

describe('first_byte', () => {
  const text = Buffer.from('Café notes: the LISBON figures, then Lisbon, then lisbon.');
  const position = (needle: string) => text.indexOf(needle) + 1;

  it('answers the first byte of the earliest needle, however they are ordered', () => {
    expect(firstByte(text, 'lisbon', 'Lisbon', 'LISBON')).toBe(position('LISBON'));
    expect(firstByte(text, 'LISBON', 'Lisbon', 'lisbon')).toBe(position('LISBON'));
    expect(firstByte(text, 'lisbon', 'Lisbon')).toBe(position('Lisbon'));
  });

  it('counts bytes, not characters, before the needle', () => {
    // "é" takes two bytes: the needle starts a byte later than its character does.
    expect(firstByte(text, 'notes')).toBe([...'Café '].length + 2);
    expect(firstByte(Buffer.from('€€ café'), 'café')).toBe(8);
  });

  it('finds a needle that begins just before the best one so far and ends after its start', () => {
    // "abx" is found first, at byte 4; "aab" begins a byte before it.
    expect(firstByte(Buffer.from('xxaabx'), 'abx', 'aab')).toBe(3);
  });

  it('answers NULL when no needle occurs, and for what is not a blob', () => {
    expect(firstByte(text, 'porto', 'PORTO')).toBeNull();
    expect(firstByte('Lisbon', 'Lisbon')).toBeNull();
    expect(firstByte(null, 'Lisbon')).toBeNull();
  });

  it('is a function of a connection, given the text as a blob', () => {
    const db = new SQLite(':memory:');
    addSqlFunctions(db);
    const at = db.prepare('select first_byte(cast(? as blob), ?, ?) as at').get('Café LISBON', 'lisbon', 'LISBON') as { at: number };
    expect(at.at).toBe(7);
    db.close();
  });
});

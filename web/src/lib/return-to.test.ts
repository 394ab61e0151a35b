import { describe, expect, it } from 'vitest';
import { authPath, safeReturnPath } from './return-to';

describe('safeReturnPath', () => {
  it.each(['/files/25', '/folders/3?q=report&sort=name', '/settings#two-factor', '/sharing', '/s/abc123'])('keeps the app page %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it('normalises dot segments before judging the path', () => {
    expect(safeReturnPath('/files/../folders/3')).toBe('/folders/3');
    expect(safeReturnPath('/files/../api/files/1/download')).toBeNull();
  });

  it.each([
    ['another origin', 'https://evil.example/files/25'],
    ['a protocol-relative address', '//evil.example/files/25'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab that browsers drop', '/\t/evil.example'],
    ['a line break that browsers drop', '/\n/evil.example'],
    ['a script', 'javascript:alert(1)'],
    ['a relative path', 'files/25'],
    ['the API', '/api/files/25/download'],
    ['the API root', '/api'],
    ['the login screen (a loop)', '/login?next=/files/25'],
    ['the registration screen', '/register'],
    ['nothing', ''],
  ])('refuses %s', (_what, raw) => {
    expect(safeReturnPath(raw)).toBeNull();
  });

  it('refuses a missing parameter', () => {
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('authPath', () => {
  it('carries a safe target, encoded', () => {
    expect(authPath('/login', '/folders/3?q=report#top')).toBe('/login?next=%2Ffolders%2F3%3Fq%3Dreport%23top');
    expect(authPath('/register', '/files/25')).toBe('/register?next=%2Ffiles%2F25');
  });

  it('drops an unsafe one', () => {
    expect(authPath('/login', '//evil.example')).toBe('/login');
    expect(authPath('/login', null)).toBe('/login');
  });
});

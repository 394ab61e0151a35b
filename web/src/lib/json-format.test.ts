import { describe, expect, it } from 'vitest';
import { formatJson } from './json-format';

describe('formatJson', () => {
  it('indents objects and arrays two spaces a level', () => {
    expect(formatJson('{"a":1,"b":[true,null,"x"],"c":{"d":"e"}}')).toBe(
      ['{', '  "a": 1,', '  "b": [', '    true,', '    null,', '    "x"', '  ],', '  "c": {', '    "d": "e"', '  }', '}'].join('\n'),
    );
  });

  it('keeps numbers, escapes and key order exactly as written', () => {
    expect(formatJson('{"z":12345678901234567890,"a":1.50e3,"s":"q\\"u,o:t{e}\\\\"}')).toBe(
      '{\n  "z": 12345678901234567890,\n  "a": 1.50e3,\n  "s": "q\\"u,o:t{e}\\\\"\n}',
    );
  });

  it('writes empty containers on one line and drops the original spacing', () => {
    expect(formatJson(' { "a" : { } ,\n "b":[ ] } ')).toBe('{\n  "a": {},\n  "b": []\n}');
    expect(formatJson('"text"')).toBe('"text"');
  });

  it('gives a document back as written when its indentation would make it more than four times as long', () => {
    const deep = `${'['.repeat(1000)}[${Array(400_000).fill(0).join(',')}]${']'.repeat(1000)}`;
    expect(formatJson(deep)).toBe(deep);
    const shallow = `[${Array(1000).fill(0).join(',')}]`;
    expect(formatJson(shallow)).toBe(`[\n${Array(1000).fill('  0').join(',\n')}\n]`);
  });

  it('answers null for anything that is not valid JSON', () => {
    expect(formatJson('{"a":')).toBeNull();
    expect(formatJson('')).toBeNull();
    expect(formatJson("{'a':1}")).toBeNull();
  });
});

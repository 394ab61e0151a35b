import { describe, expect, it } from 'vitest';
import { formatSqlSegment } from './sql-stats.js';

describe('formatSqlSegment', () => {
  it('ranks statements by time and gives their share of the wall time', () => {
    const text = formatSqlSegment(
      'mixed',
      {
        statements: {
          begin: { count: 100, ms: 10, maxMs: 0.5 },
          commit: { count: 100, ms: 500, maxMs: 24 },
        },
      },
      1000,
    );
    expect(text).toContain('ran 0.5 s on the event loop: 51.0% of 1.0 s');
    const rows = text.split('\n').filter((l) => l.startsWith('| `'));
    expect(rows).toEqual(['| `commit` | 100 | 500 ms | 50.0% | 5.000 ms | 24.0 ms |', '| `begin` | 100 | 10 ms | 1.0% | 0.100 ms | 0.5 ms |']);
  });
});

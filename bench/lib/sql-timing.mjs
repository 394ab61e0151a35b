// Preloaded into the server by `npm run bench -- --sql-profile` (node --import): times
// every better-sqlite3 statement by its SQL text, on the event loop where it runs.
// SIGUSR2 closes the current segment (the bench sends it at each phase edge); the
// segments are written as JSON to $VAULT_BENCH_SQL_STATS at exit. Plain JavaScript:
// the server runs without a TypeScript loader.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = process.env.VAULT_BENCH_SQL_STATS;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../server/package.json');
const Database = createRequire(serverDir)('better-sqlite3');

/** SQL text without its variable parts: whitespace runs and placeholder lists collapsed. */
const shapeOf = (sql) => sql.replace(/\s+/g, ' ').replace(/\((\s*\?\s*,)+\s*\?\s*\)/g, '(?…)').slice(0, 200);

/** @type {{ statements: Record<string, { count: number; ms: number; maxMs: number }> }[]} */
const segments = [];
let current = {};

const probe = new Database(':memory:');
const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
probe.close();
for (const method of ['run', 'get', 'all']) {
  const original = Statement[method];
  Statement[method] = function timed(...args) {
    const start = process.hrtime.bigint();
    try {
      return original.apply(this, args);
    } finally {
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const shape = shapeOf(this.source);
      const entry = (current[shape] ??= { count: 0, ms: 0, maxMs: 0 });
      entry.count += 1;
      entry.ms += ms;
      if (ms > entry.maxMs) entry.maxMs = ms;
    }
  };
}

const closeSegment = () => {
  segments.push({ statements: current });
  current = {};
};
process.on('SIGUSR2', closeSegment);
process.on('exit', () => {
  closeSegment();
  if (out) fs.writeFileSync(out, JSON.stringify(segments));
});

// npm test: typecheck, build what is stale, then every suite (unit, API on SQLite
// and, with TEST_DATABASE_URL, PostgreSQL; web; browser end-to-end). Reports land
// in test-results/; the last line gives the totals.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { summarize } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const results = path.join(root, 'test-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });

function step(title, cmd, args, cwd = root) {
  console.log(`\n== ${title}`);
  const { status } = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  return status === 0;
}

let ok = step('typecheck', process.execPath, [path.join(root, 'scripts/typecheck.mjs')]);
ok = step('build', process.execPath, [path.join(root, 'scripts/build.mjs')]) && ok;
ok = step('unit and API tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'vitest.json')}`]) && ok;
ok = step('browser tests (playwright)', bin('playwright'), ['test'], path.join(root, 'e2e')) && ok;

const { passed, failed } = summarize(results);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

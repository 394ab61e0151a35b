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

function step(title, cmd, args, cwd) {
  console.log(`\n== ${title}`);
  const { status } = spawnSync(cmd, args, { cwd, stdio: 'inherit', env: process.env });
  return status === 0;
}

// A stage that fails without a test report (typecheck, build, a crashed runner)
// still counts as one failure, so a red run never reads "0 failed".
const brokenStages = [];
const stage = (title, cmd, args, cwd, report) => {
  const passed = step(title, cmd, args, cwd);
  if (!passed && (!report || !fs.existsSync(path.join(results, report)))) brokenStages.push(title);
  return passed;
};

let ok = stage('typecheck', process.execPath, [path.join(root, 'scripts/typecheck.mjs')], root);
ok = stage('build', process.execPath, [path.join(root, 'scripts/build.mjs')], root) && ok;
ok = stage('unit and API tests (vitest)', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(results, 'vitest.json')}`], root, 'vitest.json') && ok;
ok = stage('browser tests (playwright)', bin('playwright'), ['test'], path.join(root, 'e2e'), 'playwright.json') && ok;

fs.writeFileSync(path.join(results, 'broken-stages.json'), JSON.stringify(brokenStages));
if (brokenStages.length) console.log(`\nfailed without a report: ${brokenStages.join(', ')}`);
const { passed, failed } = summarize(results);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

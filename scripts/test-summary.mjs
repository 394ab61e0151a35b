// Totals from the vitest and Playwright JSON reports in test-results/.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

export function summarize(dir) {
  const vitest = readJson(path.join(dir, 'vitest.json'));
  const playwright = readJson(path.join(dir, 'playwright.json'));
  const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0) + (playwright?.stats?.flaky ?? 0);
  const broken = readJson(path.join(dir, 'broken-stages.json')) ?? [];
  // A file that failed in a hook, or with an error outside any test, has no failed test to count.
  const failedFiles = (vitest?.testResults ?? []).filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const failed = (vitest?.numFailedTests ?? 0) + failedFiles + (playwright?.stats?.unexpected ?? 0) + broken.length;
  return { passed, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');
  const { passed, failed } = summarize(dir);
  console.log(`tests: ${passed} passed, ${failed} failed`);
}
